import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { shopNotices } from "../../db/schema";
import type { MailMessage, MailService } from "../mail/mail.service";

// The shop's own notices that go out at most once (issue 29): a paid order's e-mail to the shop,
// one low-stock digest a day. The key is claimed (shop_notices, primary key) before the e-mail is
// written, so a job run twice, or by two instances at once, sends it once; a send that fails gives
// the key back and throws, so the job's retry sends it then. A process killed between the claim
// and the outbox row loses that one notice (as the complaint reminders, ADR 066): a notice to the
// shop, never the customer's mail.

/** Sends `message` unless a notice of this key was sent before; true when this call sent it. */
export async function sendNoticeOnce(
  db: Db,
  mail: Pick<MailService, "send">,
  key: string,
  message: MailMessage,
): Promise<boolean> {
  const claimed = await db
    .insert(shopNotices)
    .values({ key })
    .onConflictDoNothing()
    .returning({ key: shopNotices.key });
  if (claimed.length === 0) return false;
  try {
    await mail.send(message);
  } catch (error) {
    await db.delete(shopNotices).where(eq(shopNotices.key, key));
    throw error;
  }
  return true;
}

/** Whether the notice of this key went out already (a periodic job skips its work then). */
export async function noticeSent(db: Db, key: string): Promise<boolean> {
  return (await db.$count(shopNotices, eq(shopNotices.key, key))) > 0;
}
