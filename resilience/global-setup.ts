import { figuresTable, readFigures } from "../server/test/figures";
import { postgresBin } from "./support/cluster";

// Before the resilience suite: PostgreSQL must be installed (a clear failure, never a silent skip).
// After it: the table of the figures this run recorded (every test prints its own line as it goes).

export default function setup() {
  postgresBin();
  const startedAt = new Date().toISOString();
  return () => {
    const figures = readFigures().filter((figure) => figure.at >= startedAt);
    console.log(`\nresilience figures (${figures.length}):\n${figuresTable(figures)}\n`);
  };
}
