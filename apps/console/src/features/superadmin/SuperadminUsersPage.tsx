import { ComingSoon } from '../../components/ComingSoon';

export default function SuperadminUsersPage() {
  return <ComingSoon title="SuperadminUsersPage" />;
}
