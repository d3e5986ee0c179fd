import { describe, expect, it } from "vitest";
import { BackupError } from "./backup-manifest";
import { libpqConnection, parseToolVersion, pickTool, serverMajor } from "./pg-tools";

// Choosing PostgreSQL's pg_dump and pg_restore (docs/decisions/075-backups.md): the newest installed,
// refused when older than the server (or than the pg_dump that wrote the backup).

describe("pg_dump and pg_restore", () => {
  it("reads the tools' and the server's versions", () => {
    expect(parseToolVersion("pg_dump (PostgreSQL) 17.5 (Debian 17.5-1.pgdg120+1)\n")).toEqual({
      version: "17.5",
      major: 17,
    });
    expect(parseToolVersion("pg_restore (PostgreSQL) 15.18")).toEqual({ version: "15.18", major: 15 });
    expect(parseToolVersion("pg_dump (PostgreSQL) 18beta1")).toEqual({ version: "18", major: 18 });
    expect(parseToolVersion("command not found")).toBeNull();
    expect(serverMajor(170_005)).toBe(17);
    expect(serverMajor(150_018)).toBe(15);
  });

  it("takes the newest tool, and refuses clearly when it is older than the server or missing", () => {
    const found = [
      { path: "pg_dump", version: "15.18", major: 15 },
      { path: "/usr/lib/postgresql/17/bin/pg_dump", version: "17.5", major: 17 },
    ];
    expect(pickTool("pg_dump", found, 16, "the server (16.4)").path).toBe(
      "/usr/lib/postgresql/17/bin/pg_dump",
    );
    expect(pickTool("pg_dump", found, 17, "the server (17.5)").version).toBe("17.5");
    expect(() => pickTool("pg_dump", found, 18, "the server (18.1)")).toThrow(
      "pg_dump 17.5 (/usr/lib/postgresql/17/bin/pg_dump) is older than the server (18.1); install PostgreSQL's client 18 or newer (Debian: apt-get install postgresql-client-18)",
    );
    expect(() => pickTool("pg_restore", [], 15, "the pg_dump that wrote the backup (15.18)")).toThrow(
      BackupError,
    );
    expect(() => pickTool("pg_restore", [], 15, "x")).toThrow(/pg_restore was not found/);
  });

  it("gives the password to the tool in PGPASSWORD, never on its command line", () => {
    const { dbname, env } = libpqConnection(
      "postgres://shop:p%40ss%3Aword@db.internal:5432/shop?sslmode=require",
    );
    expect(dbname).toBe("postgres://shop@db.internal:5432/shop?sslmode=require");
    expect(env.PGPASSWORD).toBe("p@ss:word");
    expect(libpqConnection("postgres://postgres@127.0.0.1/postgres").env.PGPASSWORD).toBe(
      process.env.PGPASSWORD,
    );
  });
});
