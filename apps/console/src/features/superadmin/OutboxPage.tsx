import { ComingSoon } from '../../components/ComingSoon';

export default function OutboxPage() {
  return <ComingSoon title="OutboxPage" />;
}
