import { sql } from "drizzle-orm";
import { translate } from "../../../domain/i18n";
import type { ContactMessage } from "../../../domain/validation/contact";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { rateLimitHits } from "../../db/schema";
import { escapeHtml } from "../../lib/escape-html";
import { fail, ok, type Result } from "../../lib/result";
import type { MailService } from "../mail/mail.service";

// The contact form (SPEC §2 Contact, §7 POST /shops/message): the message goes to the shop's own
// address through the mail outbox. The API handler and the /kontakt form action both call
// `sendMessage` with input already parsed by `contactSchema`.

/** At most 5 messages per sender (address, and e-mail) in a 10-minute window. */
export const CONTACT_RATE_LIMIT = { max: 5, windowMs: 10 * 60_000 } as const;

export interface ContactClient {
  /** the sender's address when known (the API knows it; a page action may not) */
  ip: string | null;
}

/** The address that receives contact messages: MAIL_FROM's address, else the staff account's. */
export function shopAddress(config: Pick<Config, "mailFrom" | "admin">): string {
  const inBrackets = /<([^<>\s]+@[^<>\s]+)>/.exec(config.mailFrom)?.[1];
  if (inBrackets) return inBrackets;
  const bare = config.mailFrom.trim();
  return /^[^<>\s@]+@[^<>\s@]+$/.test(bare) ? bare : config.admin.email;
}

export function createContactService(
  db: Db,
  mail: Pick<MailService, "send">,
  config: Pick<Config, "mailFrom" | "admin">,
  options: { now?: () => Date } = {},
) {
  const now = options.now ?? (() => new Date());

  /**
   * One hit on a fixed-window counter in `rate_limit_hits` (shared by every instance); returns the
   * count in the current window including this hit.
   */
  async function hit(key: string): Promise<number> {
    const windowMs = CONTACT_RATE_LIMIT.windowMs;
    const windowStart = new Date(Math.floor(now().getTime() / windowMs) * windowMs);
    const [row] = await db
      .insert(rateLimitHits)
      .values({ key, windowStart, count: 1 })
      .onConflictDoUpdate({
        target: [rateLimitHits.key, rateLimitHits.windowStart],
        set: { count: sql`${rateLimitHits.count} + 1` },
      })
      .returning({ count: rateLimitHits.count });
    return row?.count ?? 1;
  }

  return {
    /** Sends a contact message to the shop; rate-limited per address and per sender e-mail. */
    async sendMessage(input: ContactMessage, client: ContactClient): Promise<Result<{ sent: true }>> {
      const keys = [`contact:email:${input.email.toLowerCase()}`];
      if (client.ip) keys.push(`contact:ip:${client.ip}`);
      const counts = await Promise.all(keys.map(hit));
      if (counts.some((count) => count > CONTACT_RATE_LIMIT.max)) return fail("rate-limited");

      const subject = translate("pl", "contact.mailSubject", { email: input.email });
      const intro = translate("pl", "contact.mailIntro", { email: input.email });
      await mail.send({
        to: shopAddress(config),
        subject,
        text: `${intro}\n\n${input.message}\n`,
        html: `<p>${escapeHtml(intro)}</p><p style="white-space:pre-wrap">${escapeHtml(input.message)}</p>`,
        template: "contact",
      });
      return ok({ sent: true });
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
