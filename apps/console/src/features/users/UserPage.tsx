import { ComingSoon } from '../../components/ComingSoon';

export default function UserPage() {
  return <ComingSoon title="UserPage" />;
}
