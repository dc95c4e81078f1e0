// npx tsx scripts/bench-office.ts — the admissions office's list and application view over
// 100,000 applications on a throwaway PostgreSQL: p50 and p95 of each of the office's usual
// requests, against a p95 target of 100 ms (the dashboard's, a few counting passes over every
// application of the cycle, 200 ms). Times are the server's own (app.inject, with a staff
// session): the network would only add noise. Prints figures; asserts nothing.
// Environment: BENCH_RUNS (default 200) per request; BENCH_APPLICATIONS (default 100,000) to try a smaller office first.
import { readFileSync } from "node:fs";
import type { Database } from "../src/server/db/database";
import { startStaffSession } from "../src/server/staff/sessions";
import { withThrowawayServer } from "./lib/throwaway-server";
import { median, quantile } from "./lib/stats";

const APPLICATIONS = Number(process.env.BENCH_APPLICATIONS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const TARGET_MS = 100;
const DASHBOARD_TARGET_MS = 200;

const FIRST_NAMES = [
  "Olivia", "Liam", "Emma", "Noah", "Amelia", "Oliver", "Ava", "Elijah", "Sophia", "James", "Isabella", "William", "Mia", "Benjamin", "Charlotte",
  "Lucas", "Harper", "Henry", "Evelyn", "Theodore", "Abigail", "Jack", "Emily", "Levi", "Ella", "Alexander", "Elizabeth", "Jackson", "Camila", "Mateo",
  "Luna", "Daniel", "Sofia", "Michael", "Avery", "Mason", "Mila", "Sebastian", "Aria", "Ethan", "Scarlett", "Logan", "Penelope", "Owen", "Layla",
  "Samuel", "Chloe", "Jacob", "Victoria", "Asher", "Madison", "Aiden", "Eleanor", "John", "Grace", "Joseph", "Nora", "Wyatt", "Riley", "David",
  "Zoey", "Leo", "Hannah", "Luke", "Hazel", "Julian", "Lily", "Hudson", "Ellie", "Grayson", "Violet", "Matthew", "Lillian", "Ezra", "Zoe",
  "Gabriel", "Stella", "Carter", "Aurora", "Isaac", "Natalie", "Jayden", "Emilia", "Luca", "Everly", "Anthony", "Leah", "Dylan", "Aubrey", "Lincoln",
  "Willow", "Thomas", "Addison", "Maverick", "Lucy", "Elias", "Audrey", "Josiah", "Bella", "Charles", "Nova", "Caleb", "Brooklyn", "Christopher",
  "Paisley", "Ezekiel", "Savannah", "Miles", "Claire", "Jaxon", "Skylar", "Isaiah", "Isla", "Andrew", "Genesis", "Joshua", "Naomi", "Nathan",
  "Elena", "Nolan", "Caroline", "Adrian", "Eliana", "Cameron", "Anna", "Santiago", "Maya", "Eli", "Valentina", "Aaron", "Ruby", "Ryan", "Kennedy",
  "Angel", "Ivy", "Cooper", "Ariana", "Waylon", "Aaliyah", "Jordan", "Cora", "Kai", "Madelyn", "Easton", "Alice", "Dominic", "Kinsley", "Adam",
  "Hailey", "Xavier", "Gabriella", "Jose", "Allison", "Jace", "Gianna", "Everett", "Serenity", "Declan", "Samantha", "Evan", "Sarah", "Kayden",
  "Quinn", "Parker", "Eva", "Wesley", "Piper", "Kevin", "Sophie", "Rowan", "Sadie", "Robert", "Delilah", "Jason", "Josephine", "Juan", "Nevaeh",
  "Carlos", "Adeline", "Luis", "Arya", "Diego", "Emery", "Wei", "Mei", "Hiroshi", "Yuki", "Aarav", "Priya", "Chidi", "Adaeze", "Omar", "Fatima",
];
const LAST_NAMES = [
  "Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller", "Davis", "Rodriguez", "Martinez", "Hernandez", "Lopez", "Gonzalez", "Wilson",
  "Anderson", "Thomas", "Taylor", "Moore", "Jackson", "Martin", "Lee", "Perez", "Thompson", "White", "Harris", "Sanchez", "Clark", "Ramirez", "Lewis",
  "Robinson", "Walker", "Young", "Allen", "King", "Wright", "Scott", "Torres", "Nguyen", "Hill", "Flores", "Green", "Adams", "Nelson", "Baker", "Hall",
  "Rivera", "Campbell", "Mitchell", "Carter", "Roberts", "Gomez", "Phillips", "Evans", "Turner", "Diaz", "Parker", "Cruz", "Edwards", "Collins",
  "Reyes", "Stewart", "Morris", "Morales", "Murphy", "Cook", "Rogers", "Gutierrez", "Ortiz", "Morgan", "Cooper", "Peterson", "Bailey", "Reed",
  "Kelly", "Howard", "Ramos", "Kim", "Cox", "Ward", "Richardson", "Watson", "Brooks", "Chavez", "Wood", "James", "Bennett", "Gray", "Mendoza",
  "Ruiz", "Hughes", "Price", "Alvarez", "Castillo", "Sanders", "Patel", "Myers", "Long", "Ross", "Foster", "Jimenez", "Powell", "Jenkins", "Perry",
  "Russell", "Sullivan", "Bell", "Coleman", "Butler", "Henderson", "Barnes", "Gonzales", "Fisher", "Vasquez", "Simmons", "Romero", "Jordan",
  "Patterson", "Alexander", "Hamilton", "Graham", "Reynolds", "Griffin", "Wallace", "Moreno", "West", "Cole", "Hayes", "Bryant", "Herrera",
  "Gibson", "Ellis", "Tran", "Medina", "Aguilar", "Stevens", "Murray", "Ford", "Castro", "Marshall", "Owens", "Harrison", "Fernandez", "McDonald",
  "Woods", "Washington", "Kennedy", "Wells", "Vargas", "Henry", "Chen", "Freeman", "Webb", "Tucker", "Guzman", "Burns", "Crawford", "Olson",
  "Simpson", "Porter", "Hunter", "Gordon", "Mendez", "Silva", "Shaw", "Snyder", "Mason", "Dixon", "Munoz", "Hunt", "Hicks", "Holmes", "Palmer",
  "Wagner", "Black", "Robertson", "Boyd", "Rose", "Stone", "Salazar", "Fox", "Warren", "Mills", "Meyer", "Rice", "Schmidt", "Garza", "Daniels",
  "Ferguson", "Nichols", "Stephens", "Soto", "Weaver", "Ryan", "Gardner", "Payne", "Grant", "Dunn", "Kelley", "Spencer", "Hawkins", "Arnold",
  "Pierce", "Vazquez", "Hansen", "Peters", "Santos", "Hart", "Bradley", "Knight", "Elliott", "Cunningham", "Duncan", "Armstrong", "Hudson",
  "Carroll", "Lane", "Riley", "Andrews", "Alvarado", "Ray", "Delgado", "Berry", "Perkins", "Hoffman", "Johnston", "Matthews", "Pena", "Richards",
  "Contreras", "Willis", "Carpenter", "Lawrence", "Sandoval", "Okafor", "Adeyemi", "Nakamura", "Tanaka", "Kowalski", "Novak", "Haddad", "Khan",
];
const TERMS = ["FA26", "SP27", "FA27"];
const REVIEW = ["received", "in review", "needs information", "complete"];
const PLANS = ["ED1", "EA", "ED2", "RD"];
const DOMAINS = ["gmail.com", "yahoo.com", "outlook.com", "icloud.com", "example.org"];

/** The last two letters of a name swapped, as a hurried typist would: "Jonh", "Smiht". */
const typo = (name: string) => name.slice(0, -2) + name.at(-1)! + name.at(-2)!;

/**
 * 100,000 users and applications in three statements. Row g gets first name g·7919 mod n and
 * last name g·104729 mod m (both primes, so the pairs vary), answers from the complete fixture
 * with its own name, term, plan and citizenship; 60% submitted with a reference and a review status;
 * accounts made over six months, the last activity up to a month after, two logins each.
 */
async function seed(db: Database): Promise<void> {
  const answers = readFileSync(new URL("../examples/answers/complete.json", import.meta.url), "utf8");
  const name = (g: string) => `($1::text[])[1 + (${g}::bigint * 7919) % cardinality($1::text[])]`;
  const last = (g: string) => `($2::text[])[1 + (${g}::bigint * 104729) % cardinality($2::text[])]`;
  await db.query(
    `INSERT INTO users (id, username, password_hash, confirmed_at, created_at) OVERRIDING SYSTEM VALUE
     SELECT g, lower(${name("g")} || '.' || ${last("g")} || g) || '@' || ($3::text[])[1 + g % cardinality($3::text[])], 'x',
       timestamptz '2026-05-01' + (g % 180) * interval '1 day' + (g::bigint * 7907 % 86400) * interval '1 second',
       timestamptz '2026-05-01' + (g % 180) * interval '1 day' + (g::bigint * 7907 % 86400) * interval '1 second'
     FROM generate_series(1, ${APPLICATIONS}) g`,
    [FIRST_NAMES, LAST_NAMES, DOMAINS],
  );
  await db.query("SELECT setval(pg_get_serial_sequence('users', 'id'), $1)", [APPLICATIONS]);
  await db.query(
    `INSERT INTO applications (user_id, answers, updated_at, submitted_at, review_status, reference, save_days)
     SELECT g, $3::jsonb || jsonb_build_object('first_name', ${name("g")}, 'last_name', ${last("g")}, 'entry_term', t.term,
         'citizenship_us', CASE WHEN g % 7 = 0 THEN 'N' ELSE 'Y' END, 'email_address', u.username, 'decision_type', ($6::text[])[1 + g % 4]),
       t.active, CASE WHEN t.submitted THEN t.active END,
       CASE WHEN t.submitted THEN ($5::text[])[1 + g % 4] END,
       CASE WHEN t.submitted THEN 'WU-' || t.term || '-' || lpad(g::text, 6, '0') END,
       jsonb_build_object(to_char(t.active, 'YYYY-MM-DD'), 1 + g % 40)
     FROM users u CROSS JOIN LATERAL (SELECT u.id AS g) row,
       LATERAL (SELECT ($4::text[])[1 + g % 3] AS term, g % 5 < 3 AS submitted,
         u.created_at + (g % 30) * interval '1 day' + (g % 3600) * interval '1 second' AS active) t`,
    [FIRST_NAMES, LAST_NAMES, answers, TERMS, REVIEW, PLANS],
  );
  await db.query(
    `INSERT INTO successful_logins (user_id, logged_in_at)
     SELECT id, created_at + n * interval '2 days' FROM users, generate_series(0, 1) n`);
}

interface Case { name: string; url: () => string; targetMs?: number }

async function main() {
  await withThrowawayServer("office", async ({ app, ctx, db }) => {
    let started = performance.now();
    await seed(db);
    await db.query("VACUUM ANALYZE");
    console.log(`\noffice list: ${APPLICATIONS.toLocaleString("en")} applications seeded and analysed in ${((performance.now() - started) / 1000).toFixed(1)} s (PostgreSQL, Node ${process.version}), ${RUNS} runs each through app.inject`);

    const [staff] = await db.query<{ id: number }>(
      "INSERT INTO staff (email, role, password_hash, totp_secret, totp_enrolled_at, created_at) VALUES ('bench@example.edu', 'reviewer', 'x', 'x', now(), now()) RETURNING id");
    const session = await startStaffSession(db, ctx.hash, staff!.id, ctx.now());
    const get = async (url: string) => {
      const response = await app.inject({ method: "GET", url, cookies: { [ctx.staffCookie.name]: session } });
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      return response.json() as { next: string | null };
    };
    let fifth = "/staff/api/applications";
    for (let page = 1; page < 5; page++) fifth = `/staff/api/applications?after=${(await get(fifth)).next!}`;

    let run = 0;
    const pick = <T>(list: T[]) => list[(run * 7 + 3) % list.length]!;
    const cases: Case[] = [
      { name: "first page, unfiltered", url: () => "/staff/api/applications" },
      { name: "page 5 by keyset", url: () => fifth },
      { name: "misspelled name search", url: () => `/staff/api/applications?q=${encodeURIComponent(`${typo(pick(FIRST_NAMES))} ${typo(pick(LAST_NAMES))}`)}` },
      { name: "e-mail fragment search", url: () => `/staff/api/applications?q=${encodeURIComponent(`${pick(FIRST_NAMES)}.${pick(LAST_NAMES)}`.toLowerCase())}` },
      { name: "status + term + review filter", url: () => `/staff/api/applications?status=submitted&term=${pick(TERMS)}&review=${encodeURIComponent(pick(REVIEW))}` },
      { name: "submitted in a month, by date", url: () => `/staff/api/applications?submitted_from=2026-${String(6 + (run % 5)).padStart(2, "0")}-01&submitted_to=2026-${String(6 + (run % 5)).padStart(2, "0")}-30&sort=-submitted_at` },
      { name: "one application", url: () => `/staff/api/applications/${1 + ((run * 7919) % APPLICATIONS)}` },
      // The seeded accounts are made from May to October and the cycle opens in August: half of them are this cycle's.
      { name: "dashboard", url: () => "/staff/api/dashboard", targetMs: DASHBOARD_TARGET_MS },
      { name: "list filtered by plan (a figure)", url: () => `/staff/api/applications?plan=ED2&status=submitted&started_from=2026-08-01` },
    ];
    console.log(`${"request".padEnd(32)} ${"p50 ms".padStart(8)} ${"p95 ms".padStart(8)}   target p95`);
    for (const { name, url, targetMs = TARGET_MS } of cases) {
      for (run = 0; run < 5; run++) await get(url()); // warm-up: plans and caches
      const times: number[] = [];
      for (run = 0; run < RUNS; run++) {
        const target = url();
        started = performance.now();
        await get(target);
        times.push(performance.now() - started);
      }
      const p95 = quantile(times.toSorted((a, b) => a - b), 0.95);
      console.log(`${name.padEnd(32)} ${median(times).toFixed(1).padStart(8)} ${p95.toFixed(1).padStart(8)}   ≤ ${targetMs} ms ${p95 <= targetMs ? "PASS" : "MISS"}`);
    }
  });
}

await main();
