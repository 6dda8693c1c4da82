// Server calls of a list's CSV import (issue 15): check a file, import it, and read the count of
// rows written while an import runs. Files go up through uploadCsv, the one call with progress.
import { api } from "@/client/lib/api-client";
import type { ImportArea } from "@/domain/imports/columns";
import type {
  ImportPreviewResponse,
  ImportProgressResponse,
  ImportResultResponse,
} from "@/domain/schemas/imports";
import { uploadCsv } from "./upload-csv";

type OnUploadProgress = (fraction: number) => void;

/** The area's empty CSV with its header row, downloaded by a plain link. */
export const importTemplateUrl = (area: ImportArea) => `/api/imports/${area}/template`;

/** Every row's problems, nothing saved. */
export function checkImportFile(area: ImportArea, file: File, onProgress: OnUploadProgress) {
  return uploadCsv<ImportPreviewResponse>(`/api/imports/${area}/preview`, file, onProgress);
}

/** Writes the file's rows; with `skipInvalid`, the rows with problems are left out. */
export function importFile(
  area: ImportArea,
  file: File,
  skipInvalid: boolean,
  onProgress: OnUploadProgress,
) {
  const skip = skipInvalid ? "?skipInvalid=true" : "";
  return uploadCsv<ImportResultResponse>(`/api/imports/${area}${skip}`, file, onProgress);
}

/** How far the running import of the area has got. */
export function fetchImportProgress(area: ImportArea) {
  return api.get<ImportProgressResponse>(`/api/imports/${area}/progress`);
}
