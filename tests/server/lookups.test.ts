// GET /lookup/find on each database: the sample schools a fresh install loads, imports of real
// lists (refused rows, a second run, an update), the search's ranking, a chosen school's record,
// ZIP codes, street addresses from a Photon geocoder (a tiny one started here), and refusals.
// The tests share one server per database and run in order: the sample first, then an import
// that replaces the sample's high schools with the list below.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importSchools, loadSampleSchools } from "../../src/server/lookup/import";
import { messages } from "../../src/api-contract/messages";
import { Client, databaseKinds, json, startTestServer, type TestServer } from "./harness";

const HIGH_SCHOOLS = `ceeb,name,address_line_1,city,state,zip,country
100001,Lincoln High School,1 Main Street,Omaha,NE,68102,USA
100002,Lincoln High School,200 Oak Avenue,Portland,OR,97201,USA
100003,Lincoln High School of the Arts,3 Elm Street,Tacoma,WA,98402,USA
100004,Abraham Lincoln High School,4 Pine Road,Denver,CO,80202,USA
100005,Lincoln Park Academy,5 Lake Shore Drive,Chicago,IL,60601,USA
100006,Lincoln Christian School,6 Church Street,Tulsa,OK,74103,USA
100007,Thomas Jefferson High School,7 Cedar Lane,Dallas,TX,75201,USA
100008,Jefferson Senior High,8 Hill Street,Topeka,KS,66601,USA
100009,St. Mary's Academy,9 Church Street,Boston,MA,02108,USA
100010,Riverside High School,10 River Road,Austin,TX,78701,USA
100011,Washington Senior High,11 Park Avenue,Riverside,CA,92501,USA
100012,Toronto French School,306 Lawrence Avenue East,Toronto,ON,M4N 1T7,CAN
100013,American School of London,1 Waverley Place,London,,NW8 0NP,GBR
10014,Lost Zero High School,,Omaha,NE,68102,USA
100015,,,Omaha,NE,68102,USA
100016,Nowhere High School,,Springfield,XX,62701,USA
`;
const LOADED = 13;

/** A Photon stand-in: answers what `answer` gives for each request and keeps the requests. */
function startPhoton(answer: (url: URL) => { status: number; body: unknown; delayMs?: number }): Promise<{ url: string; requests: URL[]; close(): Promise<void> }> {
  const requests: URL[] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url!, "http://photon");
    requests.push(url);
    const { status, body, delayMs = 0 } = answer(url);
    setTimeout(() => response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body)), delayMs);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve({
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((done) => {
      server.closeAllConnections();
      server.close(() => done());
    }),
  })));
}

const feature = (properties: Record<string, string>) => ({ type: "Feature", geometry: { type: "Point", coordinates: [0, 0] }, properties });
const PHOTON_ANSWER = {
  type: "FeatureCollection",
  features: [
    feature({ housenumber: "77", street: "Massachusetts Avenue", city: "Cambridge", state: "Massachusetts", postcode: "02139", countrycode: "US", name: "MIT" }),
    feature({ name: "Buckingham Palace", city: "London", state: "England", postcode: "SW1A 1AA", countrycode: "GB" }),
    feature({ name: "Somewhere", city: "Nowhere", countrycode: "XX" }),
  ],
};

describe.each(databaseKinds())("lookups on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server.app.close();
  });
  const find = (query: string) => new Client(server).get(`/lookup/find?${query}`);
  const texts = async (query: string) => (json(await find(query)) as unknown as { text: string; sub_text: string }[]).map((r) => `${r.text} (${r.sub_text})`);
  const countSchools = async () => (await server.db.query<{ category: string; is_sample: boolean; count: number }>(
    "SELECT category, is_sample, count(*)::int AS count FROM lookup_schools GROUP BY 1, 2 ORDER BY 1, 2"));

  describe("a fresh install", () => {
    it("loads the sample schools when there are none, once", async () => {
      expect(await countSchools()).toEqual([
        { category: "college_ceeb", is_sample: true, count: 150 },
        { category: "hs_ceeb", is_sample: true, count: 300 },
      ]);
      expect(await loadSampleSchools(server.db), "a second start finds the schools there").toBeUndefined();
    });

    it("finds a sample school from a typo, three letters or part of a word", async () => {
      expect((await texts("category=hs_ceeb&text=Lincon"))[0]).toMatch(/^Lincoln High School \(/);
      const jef = await texts("category=hs_ceeb&text=jef");
      expect(jef).toHaveLength(5);
      for (const school of jef) expect(school).toMatch(/^Jefferson /);
      expect(await texts("category=hs_ceeb&text=mary's")).toEqual(expect.arrayContaining(["St. Mary's Academy (Oklahoma City, OK)"]));
      expect(await texts("category=college_ceeb&text=Springfeld")).toEqual(expect.arrayContaining(["Springfield Community College (Springfield, MA)"]));
      expect(await texts("category=hs_ceeb&text=Roosvelt")).toEqual(expect.arrayContaining(["Roosevelt Magnet High School (Washington, DC)"]));
      expect(await texts("category=hs_ceeb&text=Rosev")).toEqual(expect.arrayContaining(["Roosevelt Preparatory Academy (Fremont, CA)"]));
      expect(await texts("category=hs_ceeb&text=central")).toEqual(expect.arrayContaining(["Dallas Central High School (Dallas, TX)"]));
    });
  });

  describe("importing a list", () => {
    it("loads the good rows, refuses the others with line and reason, and replaces the sample's high schools", async () => {
      expect(await importSchools(server.db, "hs_ceeb", HIGH_SCHOOLS)).toEqual({
        ok: true,
        loaded: LOADED,
        sampleRemoved: 300,
        refused: [
          { line: 15, reasons: ["ceeb 10014 has 5 digits; a high school's has 6 (a spreadsheet may have dropped its leading zeros)"] },
          { line: 16, reasons: ["name is missing"] },
          { line: 17, reasons: ['state "XX" is not a two-letter US state code such as MA'] },
        ],
      });
      expect(await countSchools()).toEqual([
        { category: "college_ceeb", is_sample: true, count: 150 },
        { category: "hs_ceeb", is_sample: false, count: LOADED },
      ]);
    });

    it("loads the same rows when run twice, and updates a school a newer list changes", async () => {
      const again = await importSchools(server.db, "hs_ceeb", HIGH_SCHOOLS);
      expect(again).toMatchObject({ ok: true, loaded: LOADED, sampleRemoved: 0 });
      expect(await countSchools()).toContainEqual({ category: "hs_ceeb", is_sample: false, count: LOADED });

      const renamed = HIGH_SCHOOLS.split("\n").slice(0, 1).concat("100013,American School in London,2 Waverley Place,London,,NW8 0NP,GBR").join("\n");
      expect(await importSchools(server.db, "hs_ceeb", renamed)).toEqual({ ok: true, loaded: 1, sampleRemoved: 0, refused: [] });
      expect(json(await find("category=hs_ceeb&id=100013"))).toMatchObject({ name: "American School in London", address_line_1: "2 Waverley Place" });
      await importSchools(server.db, "hs_ceeb", HIGH_SCHOOLS);
      expect(await countSchools()).toContainEqual({ category: "hs_ceeb", is_sample: false, count: LOADED });
    });

    it("loads nothing from a file that is not the documented CSV", async () => {
      expect(await importSchools(server.db, "hs_ceeb", "name,city\nLincoln High School,Omaha\n")).toMatchObject({ ok: false, message: expect.stringContaining("missing: ceeb") });
      expect(await countSchools()).toContainEqual({ category: "hs_ceeb", is_sample: false, count: LOADED });
    });
  });

  describe("searching schools", () => {
    it("puts exact names first, then names starting with the text, then similar names", async () => {
      expect(await texts("category=hs_ceeb&text=lincoln%20high%20school")).toEqual([
        "Lincoln High School (Omaha, NE)",
        "Lincoln High School (Portland, OR)",
        "Lincoln High School of the Arts (Tacoma, WA)",
        "Abraham Lincoln High School (Denver, CO)",
        "Lincoln Christian School (Tulsa, OK)",
      ]);
    });

    it("finds names despite a typo, from three letters, and from a later word", async () => {
      const typo = await texts("category=hs_ceeb&text=Lincon");
      expect(typo.slice(0, 2)).toEqual(["Lincoln High School (Omaha, NE)", "Lincoln High School (Portland, OR)"]);
      expect(typo).toHaveLength(5);
      expect(await texts("category=hs_ceeb&text=jeff")).toEqual(["Jefferson Senior High (Topeka, KS)", "Thomas Jefferson High School (Dallas, TX)"]);
      expect((await texts("category=hs_ceeb&text=Riversid%20High"))[0]).toBe("Riverside High School (Austin, TX)");
      expect((await texts("category=hs_ceeb&text=%20%20st.%20mary%20"))[0]).toBe("St. Mary's Academy (Boston, MA)");
    });

    it("finds a word inside a name, and a misspelt name still being typed", async () => {
      expect(await texts("category=hs_ceeb&text=christian")).toEqual(["Lincoln Christian School (Tulsa, OK)"]);
      expect((await texts("category=hs_ceeb&text=Lincon%20Hi"))[0]).toMatch(/^Lincoln High School \(/);
      expect(await texts("category=hs_ceeb&text=Jeferson")).toEqual(expect.arrayContaining(["Thomas Jefferson High School (Dallas, TX)"]));
    });

    it("finds a school when two letters of a word are swapped or one is missing, and nothing for an unrelated word", async () => {
      expect(await texts("category=hs_ceeb&text=Jeffreson")).toEqual(["Jefferson Senior High (Topeka, KS)", "Thomas Jefferson High School (Dallas, TX)"]);
      expect(await texts("category=hs_ceeb&text=Amreican%20School")).toEqual(["American School of London (London, United Kingdom)"]);
      expect((await texts("category=hs_ceeb&text=Rievrside%20High"))[0]).toBe("Riverside High School (Austin, TX)");
      expect(await texts("category=hs_ceeb&text=Frnch")).toEqual(["Toronto French School (Toronto, Canada)"]);
      expect(await texts("category=hs_ceeb&text=Omha")).toEqual(["Lincoln High School (Omaha, NE)"]);
      expect(await texts("category=hs_ceeb&text=Xylophone")).toEqual([]);
      expect(await texts("category=hs_ceeb&text=Bakery")).toEqual([]);
    });

    it("tells schools of the same name apart by the city typed after it", async () => {
      expect((await texts("category=hs_ceeb&text=lincon%20portland"))[0]).toBe("Lincoln High School (Portland, OR)");
    });

    it("gives the city and state, or for schools abroad the city and country", async () => {
      expect(json(await find("category=hs_ceeb&text=Toronto%20French%20School"))).toEqual([{ id: "100012", text: "Toronto French School", sub_text: "Toronto, Canada" }]);
      expect(await texts("category=hs_ceeb&text=American%20School")).toEqual(["American School of London (London, United Kingdom)"]);
    });

    it("answers at most max_results, 5 unless asked", async () => {
      expect(await texts("category=hs_ceeb&text=lincoln")).toHaveLength(5);
      expect(await texts("category=hs_ceeb&text=lincoln&max_results=10")).toHaveLength(6);
      expect(await texts("category=hs_ceeb&text=lincoln&max_results=1")).toEqual(["Lincoln Christian School (Tulsa, OK)"]);
    });

    it("searches only the category asked for, and finds nothing in words every school has", async () => {
      expect(await texts("category=college_ceeb&text=Toronto%20French%20School")).toEqual([]);
      expect(await texts("category=hs_ceeb&text=high%20school")).toEqual([]);
      expect(await texts("category=hs_ceeb&text=%25")).toEqual([]);
      expect(await texts("category=hs_ceeb&text=_")).toEqual([]);
    });

    it("answers a chosen school's record by its CEEB code", async () => {
      const response = await find("category=hs_ceeb&id=100001");
      expect(response.statusCode).toBe(200);
      expect(json(response)).toEqual({ name: "Lincoln High School", address_line_1: "1 Main Street", city: "Omaha", state: "NE", zip: "68102", country: "USA", ceeb: "100001" });
    });

    it("answers 404 for a code it does not have, or of the other category", async () => {
      for (const query of ["category=hs_ceeb&id=999999", "category=college_ceeb&id=100001", "category=hs_ceeb&id=abc", "category=hs_ceeb&id=10000%25"]) {
        const response = await find(query);
        expect([response.statusCode, json(response)], query).toEqual([404, { message: messages.lookupNotFound, code: "lookupNotFound" }]);
      }
    });
  });

  describe("addresses", () => {
    it("suggests ZIP codes from their first digits, with city and state", async () => {
      expect(json(await find("category=address&text=02139"))).toEqual([{ id: "zip:02139", text: "02139", sub_text: "Cambridge, MA" }]);
      const started = json(await find("category=address&text=021&max_results=3")) as unknown as { id: string; text: string }[];
      expect(started).toHaveLength(3);
      for (const zip of started) expect(zip.text).toMatch(/^021\d\d$/);
      expect(json(await find("category=address&text=02139-12"))).toEqual([{ id: "zip:02139", text: "02139", sub_text: "Cambridge, MA" }]);
    });

    it("fills city, state, ZIP code and country from a chosen ZIP code", async () => {
      expect(json(await find("category=address&id=zip:02139"))).toEqual({ address_line_1: "", city: "Cambridge", state: "MA", zip: "02139", country: "USA" });
      for (const id of ["zip:00000", "zip:abc", "zip:", "02139", "photon:", "photon:not-base64-json"]) {
        const response = await find(`category=address&id=${id}`);
        expect([response.statusCode, json(response)], id).toEqual([404, { message: messages.lookupNotFound, code: "lookupNotFound" }]);
      }
    });

    it("suggests no street addresses without a geocoder", async () => {
      expect(json(await find("category=address&text=77%20Massachusetts%20Ave"))).toEqual([]);
    });

    describe("with a Photon geocoder", () => {
      let photon: Awaited<ReturnType<typeof startPhoton>>;
      let mode: "ok" | "broken" | "slow" = "ok";
      beforeAll(async () => {
        photon = await startPhoton(() => (mode === "ok" ? { status: 200, body: PHOTON_ANSWER } : mode === "broken" ? { status: 500, body: { message: "down" } } : { status: 200, body: PHOTON_ANSWER, delayMs: 3000 }));
        server.ctx.config.addressLookupUrl = photon.url;
      });
      afterAll(async () => {
        server.ctx.config.addressLookupUrl = undefined;
        await photon.close();
      });

      it("suggests street addresses it finds, and fills the answers from the one chosen", async () => {
        mode = "ok";
        const found = json(await find("category=address&text=77%20Mass%20Ave")) as unknown as { id: string; text: string; sub_text: string }[];
        expect(photon.requests.at(-1)!.pathname).toBe("/api");
        expect(Object.fromEntries(photon.requests.at(-1)!.searchParams)).toEqual({ q: "77 Mass Ave", limit: "10" });
        expect(found.map(({ text, sub_text }) => ({ text, sub_text }))).toEqual([
          { text: "77 Massachusetts Avenue", sub_text: "Cambridge, MA 02139" },
          { text: "Buckingham Palace", sub_text: "London, United Kingdom" },
        ]);
        expect(json(await find(`category=address&id=${found[0]!.id}`))).toEqual({ address_line_1: "77 Massachusetts Avenue", city: "Cambridge", state: "MA", zip: "02139", country: "USA" });
        expect(json(await find(`category=address&id=${found[1]!.id}`))).toEqual({ address_line_1: "Buckingham Palace", city: "London", state: "England", zip: "SW1A 1AA", country: "GBR" });
        expect(json(await find("category=address&text=77%20Mass%20Ave&max_results=1"))).toHaveLength(1);
      });

      it("answers 404 for an address id it did not make", async () => {
        const id = (fields: unknown) => `photon:${Buffer.from(JSON.stringify(fields)).toString("base64url")}`;
        for (const fields of [["1 Main St", "Omaha", "XX", "68102", "USA"], ["1 Main St", "Omaha", "NE", "68102", "ZZZ"], ["x".repeat(46), "Omaha", "NE", "68102", "USA"], { city: "Omaha" }, ["", "", "", "", "USA"]]) {
          const response = await find(`category=address&id=${id(fields)}`);
          expect([response.statusCode, json(response)], JSON.stringify(fields)).toEqual([404, { message: messages.lookupNotFound, code: "lookupNotFound" }]);
        }
      });

      it("still answers ZIP codes itself", async () => {
        const asked = photon.requests.length;
        expect(json(await find("category=address&text=02139"))).toEqual([{ id: "zip:02139", text: "02139", sub_text: "Cambridge, MA" }]);
        expect(photon.requests.length).toBe(asked);
      });

      it("answers no suggestions when the geocoder fails or is slow", async () => {
        mode = "broken";
        const failed = await find("category=address&text=77%20Mass%20Ave");
        expect([failed.statusCode, json(failed)]).toEqual([200, []]);
        mode = "slow";
        const started = performance.now();
        const response = await find("category=address&text=77%20Mass%20Ave");
        expect([response.statusCode, json(response)]).toEqual([200, []]);
        expect(performance.now() - started).toBeLessThan(2900);
      });
    });
  });

  describe("refusals", () => {
    it.each([
      ["category=hs_ceeb", messages.lookupTextOrId, "lookupTextOrId"],
      ["category=hs_ceeb&text=lincoln&id=100001", messages.lookupNotBoth, "lookupNotBoth"],
      ["category=hs_ceeb&text=%20%20%20", messages.lookupTextEmpty, "lookupTextEmpty"],
      ["text=lincoln", "category is required in the query string."],
      ["category=middle_school&text=lincoln", 'category must be one of: "hs_ceeb", "college_ceeb", "address".'],
      ["category=hs_ceeb&text=lincoln&max_results=0", 'max_results must be one of: "1", "2", "3", "4", "5", "6", "7", "8", "9", "10".'],
      ["category=hs_ceeb&text=lincoln&max_results=11", 'max_results must be one of: "1", "2", "3", "4", "5", "6", "7", "8", "9", "10".'],
      ["category=hs_ceeb&text=lincoln&max_results=abc", 'max_results must be one of: "1", "2", "3", "4", "5", "6", "7", "8", "9", "10".'],
      [`category=hs_ceeb&text=${"a".repeat(101)}`, "text must be at most 100 characters."],
      ["category=hs_ceeb&text=lincoln&page=2", 'Unknown field "page" in the query string.'],
      ["category=hs_ceeb&text=a&text=b", "text must be a string."],
    ])("refuses ?%s with 400 and a message", async (query, message, code = "badRequest") => {
      const response = await find(query);
      expect([response.statusCode, json(response)]).toEqual([400, { message, code }]);
    });

    it("accepts a text of 100 characters", async () => {
      expect((await find(`category=hs_ceeb&text=${"a".repeat(100)}`)).statusCode).toBe(200);
    });
  });
});
