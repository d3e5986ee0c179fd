// Demo discount codes (SPEC §3 coupon). Percent values are whole percent, fixed values grosze.

export interface CouponDef {
  code: string;
  discountType: "percent" | "fixed";
  discountValue: number;
  startDate: Date;
  endDate: Date;
  usageLimit: number | null;
  usageLimitPerCustomer: number | null;
  minOrderGrosze: number | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function couponDefs(now: Date): CouponDef[] {
  const daysFromNow = (days: number) => new Date(now.getTime() + days * DAY_MS);
  return [
    {
      // welcome code, active for a year
      code: "WITAJ10",
      discountType: "percent",
      discountValue: 10,
      startDate: daysFromNow(-1),
      endDate: daysFromNow(365),
      usageLimit: null,
      usageLimitPerCustomer: 1,
      minOrderGrosze: null,
    },
    {
      // 20 zł off orders of 100 zł or more
      code: "MINUS20",
      discountType: "fixed",
      discountValue: 2000,
      startDate: daysFromNow(-30),
      endDate: daysFromNow(180),
      usageLimit: null,
      usageLimitPerCustomer: null,
      minOrderGrosze: 10000,
    },
    {
      // expired summer campaign
      code: "LATO2024",
      discountType: "percent",
      discountValue: 15,
      startDate: new Date("2024-06-01T00:00:00+02:00"),
      endDate: new Date("2024-08-31T23:59:59+02:00"),
      usageLimit: null,
      usageLimitPerCustomer: null,
      minOrderGrosze: null,
    },
    {
      // only the first five orders may use it
      code: "PIERWSZE5",
      discountType: "percent",
      discountValue: 5,
      startDate: daysFromNow(-7),
      endDate: daysFromNow(90),
      usageLimit: 5,
      usageLimitPerCustomer: 1,
      minOrderGrosze: null,
    },
  ];
}
