// Where applicants' files live: a folder under DATA_DIR by default, an S3-compatible bucket when
// configured. The browser uploads straight to the store with a signed POST form, as S3 requires,
// so the local store answers the same kind of form (routes.ts).
import type { S3Config } from "../platform/config";
import { openLocalStorage, type LocalStorage } from "./local";
import { openS3Storage, type S3Storage } from "./s3";
import type { StorageDeps } from "./types";

export interface StorageConfig { s3?: S3Config }

/** Narrow on `kind`: the local store also needs its routes (routes.ts). */
export function openStorage(config: StorageConfig, deps: StorageDeps): LocalStorage | S3Storage {
  return config.s3 ? openS3Storage(config.s3, deps.now) : openLocalStorage(deps);
}
