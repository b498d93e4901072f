import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import {
  CHECKED,
  COUNTRIES,
  countriesOn,
  ENTRY_RULES,
  ruleById,
  type Country,
  type EntryRule,
  type RuleId,
} from '@site/src/data/entry-rules';
import {useBuildDay} from '@site/src/hooks/useSiteSettings';
import {parseDay, toLongDate} from '@site/src/lib/dates';
import styles from './styles.module.css';

/*
 * The travel guide's entry facts written from src/data/entry-rules.ts, so that a new end date or
 * country there is the only edit. Plain HTML: the answer works without JavaScript, offline and
 * for crawlers, and ships no framework code to readers.
 */

function rule(id: string): EntryRule {
  const found = ruleById(id);
  if (!found) throw new Error(`No rule "${id}" in src/data/entry-rules.ts`);
  return found;
}

function LongDay({day}: {day: string}): ReactNode {
  return <time dateTime={day}>{toLongDate(parseDay(day) as Date)}</time>;
}

/** A rule's announced end, written out: `<RuleEnd rule="one-sided-30-day" />` → 31 December 2026. */
export function RuleEnd({rule: id}: {rule: RuleId}): ReactNode {
  const {end} = rule(id);
  if (end === undefined) throw new Error(`<RuleEnd rule="${id}">: the rule has no announced end`);
  return <LongDay day={end} />;
}

/** How many of the data file's countries use a route. */
export function CountryCount({rule: id}: {rule: RuleId}): ReactNode {
  return countriesOn(id).length;
}

/** The data file's countries on a route, as "A, B and C". */
export function CountryList({rule: id}: {rule: RuleId}): ReactNode {
  const names = countriesOn(id).map((country) => country.name);
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** A day as the guide writes it; plain text, as the rows are many (no element per date). */
const long = (day: string) => toLongDate(parseDay(day) as Date);

/** "announced until …", or, in a build after that day, that it was announced to end then. */
function until({end}: EntryRule, buildDay: Date): string {
  if (end === undefined) return 'no announced end';
  if ((parseDay(end) as Date) < buildDay)
    return `announced to run until ${long(end)}: check whether it has been extended`;
  return `announced until ${long(end)}`;
}

function Route({route, buildDay}: {route: Country['routes'][number]; buildDay: Date}): ReactNode {
  const found = rule(route.rule);
  const since = route.since ? `, open to it since ${long(route.since)}` : '';
  return (
    <li>
      {`${found.name}: ${found.stay}${since}; ${until(found, buildDay)}. For: ${found.purposes}. Ports: ${found.where}. `}
      <Link href={found.source.url} target="_blank" rel="noopener noreferrer">
        Source: {found.source.label}
      </Link>
      {`, read ${long(found.source.read)}.`}
    </li>
  );
}

/**
 * "Which way in is mine?": every country in the data file with the routes its passport opens, an
 * anchor each (`#united-kingdom`, highlighted when targeted), and links to jump to one.
 */
export function PassportAnswer(): ReactNode {
  const buildDay = useBuildDay();
  // The build's link check knows headings' anchors; these it must be told of.
  const brokenLinks = useBrokenLinks();
  for (const country of COUNTRIES) brokenLinks.collectAnchor(country.id);
  return (
    <div className={styles.answer}>
      <nav aria-label="Passports" className={styles.index}>
        {COUNTRIES.map((country, index) => [
          index > 0 && ' · ',
          <Link key={country.id} href={`#${country.id}`}>
            {country.name}
          </Link>,
        ])}
      </nav>
      <p>
        Anything else, for every passport: <Link href="#how-to-apply-for-a-visa">a visa</Link>, or a
        route <Link href="#open-to-every-passport">open to every passport</Link>. Checked{' '}
        {long(CHECKED)}.
      </p>
      <ul className={styles.countries}>
        {COUNTRIES.map((country) => (
          <li key={country.id} id={country.id} className={styles.country}>
            <strong className={styles.name}>{country.name}</strong>
            <ul className={styles.routes}>
              {country.routes
                .filter((route) => route.rule !== 'ordinary-visa')
                .map((route) => (
                  <Route key={`${route.rule} ${route.since}`} route={route} buildDay={buildDay} />
                ))}
            </ul>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The routes that do not depend on the passport, each once, with its source. */
export function OpenToEveryPassport(): ReactNode {
  const buildDay = useBuildDay();
  useBrokenLinks().collectAnchor('open-to-every-passport');
  return (
    <ul className={styles.routes} id="open-to-every-passport">
      {ENTRY_RULES.filter((found) => found.scope === 'everyone').map((found) => (
        <Route key={found.id} route={{rule: found.id as RuleId}} buildDay={buildDay} />
      ))}
    </ul>
  );
}
