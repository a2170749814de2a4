import { ComingSoon } from '../../components/ComingSoon';

export default function UsersPage() {
  return <ComingSoon title="UsersPage" />;
}
