import { ComingSoon } from '../../components/ComingSoon';

export default function OnboardVenuePage() {
  return <ComingSoon title="OnboardVenuePage" />;
}
