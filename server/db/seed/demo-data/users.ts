import type { Config } from "../../../config";

// Demo accounts. The staff account comes from ADMIN_EMAIL / ADMIN_PASSWORD (demo defaults
// admin@example.com / admin1234 are refused with NODE_ENV=production by loadConfig).

export interface UserDef {
  email: string;
  password: string;
  displayName: string;
  roles: string[];
  approved: boolean;
  emailConfirmed: boolean;
  phone?: string;
  postCode?: string;
  city?: string;
  street?: string;
  /** days before the seed time */
  daysAgo: number;
}

export const STAFF_DISPLAY_NAME = "Administrator Sklepu";
export const STAFF_ROLES = ["admin", "shop-moderator", "user"];

export const DEMO_CUSTOMER = { email: "klient@example.com", password: "klient1234" } as const;
export const DEMO_UNAPPROVED = { email: "nowy@example.com", password: "nowy12345" } as const;
/** a shop moderator without admin rights (staff area, not users or the audit log) */
export const DEMO_MODERATOR = { email: "sklep@example.com", password: "sklep1234" } as const;

export function staffUserDef(config: Config): UserDef {
  return {
    email: config.admin.email,
    password: config.admin.password,
    displayName: STAFF_DISPLAY_NAME,
    roles: STAFF_ROLES,
    approved: true,
    emailConfirmed: true,
    daysAgo: 120,
  };
}

export const demoUserDefs: readonly UserDef[] = [
  {
    ...DEMO_CUSTOMER,
    displayName: "Katarzyna Nowak",
    roles: ["user"],
    approved: true,
    emailConfirmed: true,
    phone: "501 234 567",
    postCode: "31-128",
    city: "Kraków",
    street: "Karmelicka 12/4",
    daysAgo: 45,
  },
  {
    ...DEMO_UNAPPROVED,
    displayName: "Tomasz Wiśniewski",
    roles: ["user"],
    approved: false,
    emailConfirmed: false,
    daysAgo: 2,
  },
  {
    ...DEMO_MODERATOR,
    displayName: "Marta Obsługa",
    roles: ["shop-moderator", "user"],
    approved: true,
    emailConfirmed: true,
    daysAgo: 60,
  },
];
