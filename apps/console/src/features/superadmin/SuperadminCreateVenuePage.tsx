import { ComingSoon } from '../../components/ComingSoon';

export default function SuperadminCreateVenuePage() {
  return <ComingSoon title="SuperadminCreateVenuePage" />;
}
