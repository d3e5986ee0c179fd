import { describe, expect, it } from "vitest";
import { canTransition, KSEF_STATES, type KsefState } from "./ksef-state";

describe("KSeF submission states", () => {
  const allowed = new Set(["waiting→sent", "waiting→refused", "refused→waiting"]);
  const table = KSEF_STATES.flatMap((from) => KSEF_STATES.map((to) => [from, to] as [KsefState, KsefState]));

  it.each(table)("%s → %s", (from, to) => {
    expect(canTransition(from, to)).toBe(allowed.has(`${from}→${to}`));
  });
});
