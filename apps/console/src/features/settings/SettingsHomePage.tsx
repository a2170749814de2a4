import { ComingSoon } from '../../components/ComingSoon';

export default function SettingsHomePage() {
  return <ComingSoon title="SettingsHomePage" />;
}
