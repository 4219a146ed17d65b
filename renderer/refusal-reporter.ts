import { createNoticeGate, refusalNotice, type SuipErrorObject } from '../shared/index.ts';
import type { ViewContext } from './view/view-context.ts';

/** Who hears a program's notices: its session while it runs (undefined: nobody, the notice is dropped). */
type NoticeTarget = (mountId: string) => NoticeSession | undefined;
interface NoticeSession {
  sendNotice(notice: SuipErrorObject): void;
}

/**
 * `ViewContext.refuse` for a renderer: the view's absolute path names the program (its first id)
 * and the path the program knows (the rest). Each program has its own gate
 * (shared/refusal-notice.ts: once per distinct notice, rate-limited), kept per session: one
 * program's loop neither floods its own `onError` nor uses up another program's notices, and a
 * program attached again under the same id hears its refusals afresh.
 */
export function refusalReporter(target: NoticeTarget): NonNullable<ViewContext['refuse']> {
  const gates = new WeakMap<NoticeSession, ReturnType<typeof createNoticeGate>>();
  return (path, reason, detail, fix) => {
    const session = path[0] === undefined ? undefined : target(path[0]);
    if (session === undefined) return;
    let gate = gates.get(session);
    if (gate === undefined) gates.set(session, (gate = createNoticeGate()));
    const notice = gate(refusalNotice(path.slice(1), reason, detail, fix));
    if (notice !== undefined) session.sendNotice(notice);
  };
}
