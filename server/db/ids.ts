// Row ids are PostgreSQL `integer`: a number outside 1..2^31-1 cannot name a row, and must not reach a
// query (the driver would throw "out of range" as a 500). Every service checks ids from outside with this.

export const MAX_DB_ID = 2_147_483_647;

/** True when `id` can be a row id (a safe integer in 1..MAX_DB_ID). */
export const isDbId = (id: number): boolean => Number.isSafeInteger(id) && id >= 1 && id <= MAX_DB_ID;
