// Everything held about an applicant, as a zip streamed to them: application.json (the account,
// its logins, the answers, the statuses with their history, tabs, blocks and the documents'
// details) and each document as uploaded and as converted to PDF. Files go into the zip one after
// another as the download reads it, so neither the zip nor more than one file's read is ever held
// whole in memory.
import { once } from "node:events";
import type { Readable } from "node:stream";
import type { FastifyBaseLogger } from "fastify";
import { ZipArchive } from "archiver";
import type { OwnData } from "../data/own-account";
import type { Storage } from "../storage/types";

/**
 * A name the applicant gave, safe as a zip entry's: no folders ("../", "/"), no control
 * characters, no leading dot, at most 100 characters. A zip that an unzip program would write
 * outside its folder is never made.
 */
export function entryName(name: string): string {
  const safe = name.normalize("NFC").replace(/[^\p{L}\p{N} ._()-]/gu, "_").replace(/^[. ]+/, "").slice(-100);
  return safe === "" ? "file" : safe;
}

/** The download's own name: the day it was made. */
export const zipName = (today: string) => `my-application-data-${today}.zip`;

interface ZipFile { key: string; name: string }

/** The JSON and the list of files to put beside it. */
function ownDataContents(data: OwnData): { json: unknown; files: ZipFile[] } {
  const files: ZipFile[] = [];
  const documents = data.documents.map((document) => {
    const folder = `documents/${entryName(document.answerKey)}`;
    const original = `${folder}/original - ${entryName(document.fileName)}`;
    const converted = document.pdfKey ? `${folder}/converted.pdf` : null;
    files.push({ key: document.uploadKey, name: original });
    if (document.pdfKey && converted) files.push({ key: document.pdfKey, name: converted });
    return {
      answer_key: document.answerKey, file_name: document.fileName, file_size: document.fileSize, status: document.status,
      message: document.message, files: { original, converted },
    };
  });
  const { account, application } = data;
  const json = {
    account: { email: account.email, created_at: account.created_at, confirmed_at: account.confirmed_at, logins: account.logins },
    application: {
      answers: application.answers,
      status_history: application.web_status,
      submitted_at: application.submitted_at,
      reference: application.reference,
      last_page: application.last_page,
      last_changed_at: application.updated_at,
      tabs: application.tabs,
      add_another: application.add_another,
    },
    documents,
  };
  return { json, files };
}

/** The zip as a stream; a file that cannot be read ends the stream with an error (logged). */
export function ownDataZip(storage: Storage, data: OwnData, log: FastifyBaseLogger): Readable {
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const { json, files } = ownDataContents(data);
  const add = async (source: string | Readable, name: string) => {
    const added = once(archive, "entry");
    archive.append(source, { name });
    await added;
  };
  const fill = async () => {
    await add(`${JSON.stringify(json, null, 2)}\n`, "application.json");
    for (const file of files) {
      // A file gone from the store (removed by hand) is left out rather than failing the rest.
      const stream = await storage.readStream(file.key);
      if (stream) await add(stream, file.name);
    }
    await archive.finalize();
  };
  fill().catch((error: unknown) => {
    log.error(error, "making an applicant's data download failed");
    archive.destroy(error as Error);
  });
  return archive;
}
