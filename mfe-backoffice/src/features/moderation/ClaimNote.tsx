import type { ModerationClaim } from '@excursio/shared';
import { formatDate } from '@excursio/shared';
import { Badge } from '../../components/BoPage';

const time = (iso: string) => formatDate(iso, { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Moscow' });

/** Who reviews an item now: «Вы, до 14:30», «Ольга Петрова, до 14:30» or «Свободно». */
export function ClaimNote({ claim }: { claim: ModerationClaim | null }) {
  if (!claim) return <span className="bo-muted">Свободно</span>;
  if (claim.mine) return <Badge tone="ok">{`Вы, до ${time(claim.until)}`}</Badge>;
  return <Badge tone="warn">{`${claim.by.name}, до ${time(claim.until)}`}</Badge>;
}
