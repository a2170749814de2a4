import { ComingSoon } from '../../components/ComingSoon';

export default function OnboardBankAccountPage() {
  return <ComingSoon title="OnboardBankAccountPage" />;
}
