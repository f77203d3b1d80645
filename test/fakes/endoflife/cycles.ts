/** One PHP branch as endoflife.date lists it: `eol` is a date, or true/false when no date is known. */
export type EolCycle = {
  cycle: string;
  releaseDate: string;
  support: string | boolean;
  eol: string | boolean;
  latest: string;
  latestReleaseDate: string;
  lts: boolean;
};

/** PHP's branches as endoflife.date listed them in late 2026, newest first (as it sends them). */
export const PHP_CYCLES: EolCycle[] = [
  ['8.5', '2025-11-20', '2027-12-31', '2029-12-31', '8.5.4', '2026-11-19'],
  ['8.4', '2024-11-21', '2026-12-31', '2028-12-31', '8.4.17', '2026-11-19'],
  ['8.3', '2023-11-23', '2025-12-31', '2027-12-31', '8.3.30', '2026-11-19'],
  ['8.2', '2022-12-08', '2024-12-31', '2026-12-31', '8.2.31', '2026-10-08'],
  ['8.1', '2021-11-25', '2023-11-25', '2025-12-31', '8.1.34', '2025-12-18'],
  ['8.0', '2020-11-26', '2022-11-26', '2023-11-26', '8.0.30', '2023-08-03'],
  ['7.4', '2019-11-28', '2021-11-28', '2022-11-28', '7.4.33', '2022-11-03'],
  ['7.3', '2018-12-06', '2020-12-06', '2021-12-06', '7.3.33', '2021-11-18'],
  ['7.2', '2017-11-30', '2019-11-30', '2020-11-30', '7.2.34', '2020-10-01'],
  ['7.1', '2016-12-01', '2018-12-01', '2019-12-01', '7.1.33', '2019-10-24'],
  ['7.0', '2015-12-03', '2018-01-04', '2019-01-10', '7.0.33', '2019-01-10'],
  ['5.6', '2014-08-28', '2017-01-19', '2018-12-31', '5.6.40', '2019-01-10'],
].map(([cycle, releaseDate, support, eol, latest, latestReleaseDate]) => ({
  cycle: cycle!,
  releaseDate: releaseDate!,
  support: support!,
  eol: eol!,
  latest: latest!,
  latestReleaseDate: latestReleaseDate!,
  lts: false,
}));
