import { ComingSoon } from '../../components/ComingSoon';

export default function VenueSettingsPage() {
  return <ComingSoon title="VenueSettingsPage" />;
}
