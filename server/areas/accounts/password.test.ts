import { randomBytes, scryptSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hashPassword, needsRehash, PASSWORD_COSTS, verifyPassword } from "./password";

describe("password hashing", () => {
  it("verifies the password it hashed, with OWASP's parameters at the standard cost", async () => {
    const stored = await hashPassword("zażółć gęślą jaźń 123", "standard");
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/]+=*\$[A-Za-z0-9+/]+=*$/);
    const [, , , , salt, hash] = stored.split("$");
    expect(Buffer.from(salt ?? "", "base64")).toHaveLength(16);
    expect(Buffer.from(hash ?? "", "base64")).toHaveLength(64);
    await expect(verifyPassword("zażółć gęślą jaźń 123", stored)).resolves.toBe(true);
  });

  it("rejects a wrong password", async () => {
    const stored = await hashPassword("klient1234", "quick");
    await expect(verifyPassword("klient12345", stored)).resolves.toBe(false);
    await expect(verifyPassword("", stored)).resolves.toBe(false);
  });

  it("salts every hash", async () => {
    const first = await hashPassword("admin1234", "quick");
    const second = await hashPassword("admin1234", "quick");
    expect(first).not.toBe(second);
    await expect(verifyPassword("admin1234", first)).resolves.toBe(true);
    await expect(verifyPassword("admin1234", second)).resolves.toBe(true);
  });

  it("returns false for malformed stored strings", async () => {
    const valid = await hashPassword("secret123", "quick");
    const [, n, r, p, salt, hash] = valid.split("$");
    const malformed = [
      "",
      "plain-text-password",
      "secret123",
      "bcrypt$10$abc",
      `scrypt$${n}$${r}$${p}$${salt}`,
      `scrypt$${n}$${r}$${p}$${salt}$${hash}$extra`,
      `argon2$${n}$${r}$${p}$${salt}$${hash}`,
      `scrypt$abc$${r}$${p}$${salt}$${hash}`,
      `scrypt$1000$${r}$${p}$${salt}$${hash}`,
      `scrypt$1073741824$${r}$${p}$${salt}$${hash}`,
      `scrypt$${n}$${r}$${p}$$${hash}`,
      `scrypt$${n}$${r}$${p}$${salt}$`,
      `scrypt$${n}$${r}$${p}$not base64!$${hash}`,
      `scrypt$${n}$${r}$${p}$${salt}$c2hvcnQ=`,
    ];
    for (const stored of malformed) {
      await expect(verifyPassword("secret123", stored), stored).resolves.toBe(false);
    }
  });

  it("still verifies hashes made with the older N = 2^14 parameters, and asks to re-hash them", async () => {
    const salt = randomBytes(16);
    const key = scryptSync("klient1234".normalize("NFKC"), salt, 64, { N: 16_384, r: 8, p: 1 });
    const old = `scrypt$16384$8$1$${salt.toString("base64")}$${key.toString("base64")}`;
    await expect(verifyPassword("klient1234", old)).resolves.toBe(true);
    await expect(verifyPassword("klient12345", old)).resolves.toBe(false);
    expect(needsRehash(old, "standard")).toBe(true);
    expect(needsRehash(old, "quick")).toBe(true);
    expect(needsRehash(await hashPassword("klient1234", "standard"), "standard")).toBe(false);
    expect(needsRehash("garbage", "standard")).toBe(true);
    expect(needsRehash("garbage", "quick")).toBe(true);
  });

  it("hashes at the quick cost (test runs) with N = 2^12, same salt and key sizes, verified from the stored parameters", async () => {
    expect(PASSWORD_COSTS.quick).toEqual({ N: 4_096, r: 8, p: 1 });
    expect(PASSWORD_COSTS.standard).toEqual({ N: 131_072, r: 8, p: 1 });
    const quick = await hashPassword("zażółć gęślą jaźń 123", "quick");
    expect(quick).toMatch(/^scrypt\$4096\$8\$1\$[A-Za-z0-9+/]+=*\$[A-Za-z0-9+/]+=*$/);
    const [, , , , salt, hash] = quick.split("$");
    expect(Buffer.from(salt ?? "", "base64")).toHaveLength(16);
    expect(Buffer.from(hash ?? "", "base64")).toHaveLength(64);
    await expect(verifyPassword("zażółć gęślą jaźń 123", quick)).resolves.toBe(true);
    await expect(verifyPassword("zażółć gęślą jaźń 12", quick)).resolves.toBe(false);
    expect(needsRehash(quick, "quick")).toBe(false);
  });

  it("asks to re-hash a quick hash under the standard cost, so a test database's hashes are upgraded at a production login", async () => {
    const quick = await hashPassword("klient1234", "quick");
    expect(needsRehash(quick, "standard")).toBe(true);
    // and the other way round (a standard-cost hash met by a test run is re-hashed to that run's cost)
    expect(needsRehash(await hashPassword("klient1234", "standard"), "quick")).toBe(true);
  });
});
