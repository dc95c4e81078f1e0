// Pulls every application submitted since a date through the integration API, following the
// cursor, and writes them as JSON Lines (one application a line) to standard output: what a
// student information system's nightly import does. Node 20+, no dependency:
//
//   API_KEY=wuk_… npx tsx examples/sis-pull.ts https://apply.example.edu 2026-11-01 > applications.jsonl
//
// The key comes from the API keys page (admins) or `npm run staff -- api-key create --name sis`;
// it is read from the environment, never from the command line (which other users can see).
// A 429 (120 calls a minute per key) is waited out as its Retry-After says.

interface Page { applications: { reference: string }[]; next_cursor: string | null }

const [server, since] = process.argv.slice(2);
const key = process.env.API_KEY;
if (!server || !since || !key) {
  console.error("usage: API_KEY=wuk_… npx tsx examples/sis-pull.ts SERVER_URL SUBMITTED_SINCE  (a day, 2026-11-01, or a date-time with its offset)");
  process.exit(2);
}

async function get(url: URL): Promise<Page> {
  for (;;) {
    const response = await fetch(url, { headers: { authorization: `Bearer ${key}`, accept: "application/json" } });
    if (response.status === 429) {
      const seconds = Number(response.headers.get("retry-after") ?? "60");
      console.error(`rate-limited: waiting ${seconds} s`);
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      continue;
    }
    const body = (await response.json()) as Page & { message?: string };
    if (!response.ok) throw new Error(`${response.status}: ${body.message ?? "no message"}`);
    return body;
  }
}

/** Every page from the first, as JSON Lines to standard output; answers how many applications. */
async function pullAll(): Promise<number> {
  let cursor: string | null = null;
  let count = 0;
  do {
    const url = new URL("/staff/api/applications", server);
    url.searchParams.set("submitted_since", since!);
    if (cursor) url.searchParams.set("cursor", cursor);
    const page = await get(url);
    // Document links in each application (url, pdf_url) work for 5 minutes: fetch them now if wanted.
    for (const application of page.applications) process.stdout.write(`${JSON.stringify(application)}\n`);
    count += page.applications.length;
    cursor = page.next_cursor;
  } while (cursor);
  return count;
}

pullAll().then(
  (count) => console.error(`${count} application${count === 1 ? "" : "s"} submitted since ${since}`),
  (error: unknown) => {
    console.error((error as Error).message);
    process.exitCode = 1;
  },
);
