import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Role } from "../../../domain/types";
import { sessions, users } from "../../db/schema";
import { startApi } from "../../test/api";
import { kitForFile } from "../../test/kit-for-file";
import { bearer, createSignedInUser, createUser, type FixtureUser } from "./accounts.fixtures";

// The role matrix of the users endpoints and GET /api/orders/my (SPEC §6, §7): anonymous 401, the
// wrong role 403 with the spec's message, admin-only user management, editing oneself.

const kit = kitForFile(() => startApi({ name: "users-test" }));

type Subject = "anonymous" | "unapproved" | "user" | "shopModerator" | "admin";
const SUBJECTS: Subject[] = ["anonymous", "unapproved", "user", "shopModerator", "admin"];
const tokens: Partial<Record<Subject, string>> = {};
const ids: Partial<Record<Subject, number>> = {};
const SUBJECT_USERS: Record<Exclude<Subject, "anonymous">, { roles: Role[]; approved: boolean }> = {
  unapproved: { roles: ["user"], approved: false },
  user: { roles: ["user"], approved: true },
  shopModerator: { roles: ["shop-moderator", "user"], approved: true },
  admin: { roles: ["admin", "user"], approved: true },
};

beforeAll(async () => {
  for (const [subject, input] of Object.entries(SUBJECT_USERS)) {
    const user = await createSignedInUser(kit.database.db, input);
    tokens[subject as Subject] = user.token;
    ids[subject as Subject] = user.id;
  }
});

function headersOf(subject: Subject): Record<string, string> {
  const token = tokens[subject];
  return token ? bearer(token) : {};
}

const validSettings = {
  displayName: "Nowa Nazwa",
  phone: "501 234 567",
  postCode: "31-128",
  city: "Kraków",
  street: "Karmelicka 1",
};

type Outcome = 200 | 401 | "admin" | "moderator";
interface Endpoint {
  name: string;
  method: "GET" | "PUT" | "DELETE";
  /** the URL for this subject; may create a target user */
  url: (subject: Subject) => Promise<string>;
  payload?: Record<string, unknown>;
  expected: Record<Subject, Outcome>;
}

const target = async () => (await createUser(kit.database.db, { approved: false })).id;
const adminOnly: Record<Subject, Outcome> = {
  anonymous: 401,
  unapproved: "admin",
  user: "admin",
  shopModerator: "admin",
  admin: 200,
};
const signedIn: Record<Subject, Outcome> = {
  anonymous: 401,
  unapproved: 200,
  user: 200,
  shopModerator: 200,
  admin: 200,
};

const ENDPOINTS: Endpoint[] = [
  { name: "list users", method: "GET", url: async () => "/api/users", expected: adminOnly },
  {
    name: "approve a user",
    method: "PUT",
    url: async () => `/api/users/${await target()}/confirm`,
    expected: adminOnly,
  },
  {
    name: "edit another user",
    method: "PUT",
    url: async () => `/api/users/${await target()}`,
    payload: { displayName: "Zmieniona Nazwa" },
    expected: adminOnly,
  },
  {
    name: "delete a user",
    method: "DELETE",
    url: async () => `/api/users/${await target()}`,
    expected: adminOnly,
  },
  {
    name: "edit oneself",
    method: "PUT",
    url: async (subject) => `/api/users/${ids[subject] ?? (await target())}`,
    payload: validSettings,
    expected: signedIn,
  },
  {
    name: "resend the confirmation e-mail",
    method: "GET",
    url: async () => "/api/users/send-confirmation-email",
    expected: signedIn,
  },
  { name: "current user", method: "GET", url: async () => "/api/auth/user", expected: signedIn },
  { name: "my orders", method: "GET", url: async () => "/api/orders/my", expected: signedIn },
];

const MATRIX = ENDPOINTS.flatMap((endpoint) =>
  SUBJECTS.map((subject) => ({ endpoint, subject, expected: endpoint.expected[subject] })),
);

describe("role matrix", () => {
  it.each(
    MATRIX.map((row) => [row.endpoint.method, row.endpoint.name, row.subject, row.expected, row] as const),
  )("%s %s as %s → %s", async (_method, _name, subject, expected, row) => {
    const response = await kit.app.inject({
      method: row.endpoint.method,
      url: await row.endpoint.url(subject),
      headers: headersOf(subject),
      ...(row.endpoint.payload ? { payload: row.endpoint.payload } : {}),
    });
    if (expected === 200) {
      expect(response.statusCode, response.body).toBe(200);
    } else if (expected === 401) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: "unauthorized" });
    } else {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject(
        expected === "admin"
          ? {
              code: "forbidden-admin",
              message: "Required admin role",
              messageKey: "errors.requiredAdminRole",
            }
          : {
              code: "forbidden-moderator",
              message: "Required moderator role",
              messageKey: "errors.requiredModeratorRole",
            },
      );
    }
  });
});

async function userRow(id: number): Promise<FixtureUser | undefined> {
  const [row] = await kit.database.db.select().from(users).where(eq(users.id, id));
  return row;
}

describe("what each call does", () => {
  it("an admin lists users without password hashes", async () => {
    const response = await kit.app.inject({ method: "GET", url: "/api/users", headers: headersOf("admin") });
    const list = response.json() as { _id: number; email: string }[];
    expect(list.map((user) => user._id)).toEqual(
      expect.arrayContaining([ids.admin, ids.user, ids.unapproved]),
    );
    expect(response.body).not.toContain("scrypt");
    expect(response.body).not.toContain("passwordHash");
  });

  it("an admin approves a user", async () => {
    const id = await target();
    const response = await kit.app.inject({
      method: "PUT",
      url: `/api/users/${id}/confirm`,
      headers: headersOf("admin"),
    });
    expect(response.json()).toMatchObject({ _id: id, approved: true });
    expect((await userRow(id))?.approvedAt).toBeInstanceOf(Date);
  });

  it("approving or editing a missing user is 404 'User Not found.'", async () => {
    const missing = 2_000_000_000;
    for (const [method, url] of [
      ["PUT", `/api/users/${missing}/confirm`],
      ["PUT", `/api/users/${missing}`],
      ["DELETE", `/api/users/${missing}`],
    ] as const) {
      const response = await kit.app.inject({ method, url, headers: headersOf("admin"), payload: {} });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: "auth/user-not-found", message: "User Not found." });
    }
  });

  it("a bad id is a 400", async () => {
    const response = await kit.app.inject({
      method: "PUT",
      url: "/api/users/abc/confirm",
      headers: headersOf("admin"),
    });
    expect(response.statusCode).toBe(400);
  });

  it("an admin sets another user's roles, approval and e-mail", async () => {
    const id = await target();
    const response = await kit.app.inject({
      method: "PUT",
      url: `/api/users/${id}`,
      headers: headersOf("admin"),
      payload: { roles: ["shop-moderator", "user", "user"], approved: true, email: `NOWY-${id}@Example.com` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      roles: ["shop-moderator", "user"],
      approved: true,
      email: `nowy-${id}@example.com`,
    });
    const refused = await kit.app.inject({
      method: "PUT",
      url: `/api/users/${id}`,
      headers: headersOf("admin"),
      payload: { roles: ["emperor"] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toHaveProperty(["roles.0"]);
  });

  it("an admin cannot take an e-mail already in use", async () => {
    const id = await target();
    const other = await createUser(kit.database.db);
    const response = await kit.app.inject({
      method: "PUT",
      url: `/api/users/${id}`,
      headers: headersOf("admin"),
      payload: { email: other.email },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe("auth/email-already-in-use");
  });

  it.each(["unapproved", "user", "shopModerator"] as const)(
    "a %s who tries to set their own roles or approval changes nothing else",
    async (subject) => {
      const id = ids[subject] as number;
      const before = await userRow(id);
      const response = await kit.app.inject({
        method: "PUT",
        url: `/api/users/${id}`,
        headers: headersOf(subject),
        payload: {
          ...validSettings,
          displayName: `Ja ${subject}`,
          roles: ["admin", "shop-moderator", "user"],
          approved: true,
          email: `przejete-${subject}@example.com`,
        },
      });
      expect(response.statusCode).toBe(200);
      const after = await userRow(id);
      expect(after?.displayName).toBe(`Ja ${subject}`);
      expect(after?.roles).toEqual(before?.roles);
      expect(after?.approved).toBe(before?.approved);
      expect(after?.approvedAt?.getTime()).toBe(before?.approvedAt?.getTime());
      expect(after?.email).toBe(before?.email);
      // only roles/approval alone: also nothing
      const only = await kit.app.inject({
        method: "PUT",
        url: `/api/users/${id}`,
        headers: headersOf(subject),
        payload: { roles: ["admin"], approved: true },
      });
      expect(only.statusCode).toBe(400);
      const still = await userRow(id);
      expect(still?.roles).toEqual(before?.roles);
      expect(still?.approved).toBe(before?.approved);
      const list = await kit.app.inject({ method: "GET", url: "/api/users", headers: headersOf(subject) });
      expect(list.statusCode).toBe(403);
    },
  );

  it("settings are validated as SPEC §5 says and normalised", async () => {
    const id = ids.user as number;
    const bad = await kit.app.inject({
      method: "PUT",
      url: `/api/users/${id}`,
      headers: headersOf("user"),
      payload: { displayName: "Al", phone: "12", postCode: "311", city: "", street: "", nip: "1234567890" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      displayName: { key: "validation.minLength" },
      phone: { key: "validation.phone" },
      postCode: { key: "validation.postCode" },
      city: { key: "validation.required" },
      street: { key: "validation.required" },
      nip: { key: "validation.nip" },
    });
    const good = await kit.app.inject({
      method: "PUT",
      url: `/api/users/${id}`,
      headers: headersOf("user"),
      payload: { ...validSettings, postCode: " 31128 ", nip: "526-000-12-46" },
    });
    expect(good.statusCode).toBe(200);
    expect(good.json()).toMatchObject({ postCode: "31-128", nip: "5260001246", phone: "501 234 567" });
  });

  it("an admin deleting a user ends their sessions; the admin cannot delete themselves", async () => {
    const victim = await createSignedInUser(kit.database.db);
    expect(
      (await kit.app.inject({ method: "GET", url: "/api/auth/user", headers: bearer(victim.token) }))
        .statusCode,
    ).toBe(200);
    const response = await kit.app.inject({
      method: "DELETE",
      url: `/api/users/${victim.id}`,
      headers: headersOf("admin"),
    });
    expect(response.statusCode).toBe(200);
    expect(await userRow(victim.id)).toBeUndefined();
    expect(await kit.database.db.select().from(sessions).where(eq(sessions.userId, victim.id))).toHaveLength(
      0,
    );
    expect(
      (await kit.app.inject({ method: "GET", url: "/api/auth/user", headers: bearer(victim.token) }))
        .statusCode,
    ).toBe(401);

    const self = await kit.app.inject({
      method: "DELETE",
      url: `/api/users/${ids.admin}`,
      headers: headersOf("admin"),
    });
    expect(self.statusCode).toBe(409);
    expect(await userRow(ids.admin as number)).toBeDefined();
  });

  it("roles take effect at once: a demoted admin loses access on the next request", async () => {
    const admin = await createSignedInUser(kit.database.db, { roles: ["admin", "user"] });
    expect(
      (await kit.app.inject({ method: "GET", url: "/api/users", headers: bearer(admin.token) })).statusCode,
    ).toBe(200);
    await kit.app.inject({
      method: "PUT",
      url: `/api/users/${admin.id}`,
      headers: headersOf("admin"),
      payload: { roles: ["user"] },
    });
    expect(
      (await kit.app.inject({ method: "GET", url: "/api/users", headers: bearer(admin.token) })).statusCode,
    ).toBe(403);
  });
});
