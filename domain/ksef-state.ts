// The state of an invoice's KSeF submission (issue 28, docs/decisions/068; ksef_submissions.state),
// and the moves between states as data. Every change of a submission's state goes through
// canTransition (server/areas/ksef/ksef.service.ts), so a retry, a second instance or a late answer
// never moves a submission backwards.
//
//   waiting  built (its FA(3) XML and SHA-256 stored), queued, being sent or polled
//   sent     KSeF accepted it and gave it a KSeF number (the UPO is stored once fetched)
//   refused  KSeF's checks refused it; staff see KSeF's own code and message ("wyślij ponownie")

export const KSEF_STATES = ["waiting", "sent", "refused"] as const;
export type KsefState = (typeof KSEF_STATES)[number];

/** The allowed moves: the only way out of `refused` is staff's "wyślij ponownie"; `sent` is final. */
export const KSEF_TRANSITIONS: Readonly<Record<KsefState, readonly KsefState[]>> = {
  waiting: ["sent", "refused"],
  sent: [],
  refused: ["waiting"],
};

export function canTransition(from: KsefState, to: KsefState): boolean {
  return KSEF_TRANSITIONS[from].includes(to);
}

export function isKsefState(value: unknown): value is KsefState {
  return typeof value === "string" && (KSEF_STATES as readonly string[]).includes(value);
}

/** What the staff list shows: no submission ("nie dotyczy"), or a submission's state. */
export type KsefListState = "none" | KsefState;
export const KSEF_LIST_STATES = ["none", ...KSEF_STATES] as const;
