import { ComingSoon } from '../../components/ComingSoon';

export default function PermissionsPage() {
  return <ComingSoon title="PermissionsPage" />;
}
