import { ComingSoon } from '../../components/ComingSoon';

export default function SuperadminVenuesPage() {
  return <ComingSoon title="SuperadminVenuesPage" />;
}
