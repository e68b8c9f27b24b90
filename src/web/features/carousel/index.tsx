import type { ResourceOverrides } from '../../kit/resource-overrides';
import { ScheduleTag } from '../../kit/schedule';

/** /carousel, /xcxbase/banner and /carousel-list: a banner's state says when it starts showing. */
export default {
  cells: { enabled: (_, row) => <ScheduleTag row={row} /> },
} satisfies ResourceOverrides;
