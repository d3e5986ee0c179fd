import { NavLink } from "react-router";
import { useT } from "../../lib/i18n";
import { ADMIN_SECTIONS, STAFF_PATH, STAFF_SECTIONS, type StaffSection } from "../../lib/staff-paths";

// The staff navigation (issue 6): the dashboard plus every section of STAFF_SECTIONS (users and the
// audit log only for admins). A side column from 1024 px; below that a disclosure (<details>, so it
// works without JavaScript) naming the current section. NavLink marks the current one with
// aria-current="page".

interface Link {
  to: string;
  label: string;
  end: boolean;
}

function sectionLabelKey(path: string): string {
  return `staff.segment.${path.split("/").at(-1)}`;
}

export function staffLinks(isAdmin: boolean, t: (key: string) => string): Link[] {
  const sections = (Object.keys(STAFF_SECTIONS) as StaffSection[]).filter(
    (section) => isAdmin || !ADMIN_SECTIONS.includes(section),
  );
  return [
    { to: STAFF_PATH, label: t("staff.shell.dashboard"), end: true },
    ...sections.map((section) => ({
      to: STAFF_SECTIONS[section],
      label: t(sectionLabelKey(STAFF_SECTIONS[section])),
      end: false,
    })),
  ];
}

const ITEM =
  "flex min-h-10 items-center rounded-lg px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-accent-600";

function LinkList({ links, onNavigate }: { links: Link[]; onNavigate?: () => void }) {
  return (
    <ul className="space-y-0.5">
      {links.map((link) => (
        <li key={link.to}>
          <NavLink
            to={link.to}
            end={link.end}
            onClick={onNavigate}
            className={({ isActive }) =>
              `${ITEM} ${isActive ? "bg-accent-600 text-white" : "text-stone-700 hover:bg-stone-100"}`
            }
          >
            {link.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

export function StaffNav({ isAdmin, currentPath }: { isAdmin: boolean; currentPath: string }) {
  const t = useT();
  const links = staffLinks(isAdmin, t);
  const current =
    [...links]
      .filter((link) => (link.end ? currentPath === link.to : currentPath.startsWith(link.to)))
      .sort((a, b) => b.to.length - a.to.length)[0] ?? links[0];
  return (
    <nav aria-label={t("staff.shell.navLabel")}>
      <details
        className="group rounded-2xl bg-white shadow-sm ring-1 ring-stone-200 lg:hidden"
        // a new page closes the menu again (the key changes with the path)
        key={currentPath}
      >
        <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 px-4 text-sm font-semibold text-stone-900 [&::-webkit-details-marker]:hidden">
          <span>
            {t("staff.shell.menu")}: <span className="text-accent-700">{current?.label}</span>
          </span>
          <span aria-hidden="true" className="transition-transform group-open:rotate-180">
            ▾
          </span>
        </summary>
        <div className="border-t border-stone-200 p-2">
          <LinkList links={links} />
        </div>
      </details>
      <div className="hidden rounded-2xl bg-white p-2 shadow-sm ring-1 ring-stone-200 lg:block">
        <LinkList links={links} />
      </div>
    </nav>
  );
}
