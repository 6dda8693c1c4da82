// Server calls of a list's import (issues 15 and 31): check a file, import it, and read the count
// of rows written while an import runs. Files go up through uploadCsv, the one call with progress;
// how to read them (mapping, separator, sheet, date format) rides in the query.
import { api } from "@/client/lib/api-client";
import type { ImportArea } from "@/domain/imports/columns";
import type { DateFormat } from "@/domain/imports/values";
import {
  type CsvSeparator,
  type ImportMapping,
  type ImportPreviewResponse,
  type ImportProgressResponse,
  type ImportResultResponse,
  XLSX_MEDIA_TYPE,
} from "@/domain/schemas/imports";
import { uploadCsv } from "./upload-csv";

type OnUploadProgress = (fraction: number) => void;

/** How the server should read the file; anything left out is detected or suggested. */
export interface ImportReading {
  /** The person's choices only: the other columns keep their suggestion. */
  mapping: ImportMapping;
  separator?: CsvSeparator;
  dateFormat?: DateFormat;
  sheet?: string;
}

/** The area's empty CSV with its header row, downloaded by a plain link. */
export const importTemplateUrl = (area: ImportArea) => `/api/imports/${area}/template`;

export const isWorkbook = (file: File) =>
  /\.xlsx$/i.test(file.name) || file.type === XLSX_MEDIA_TYPE;

function queryOf(reading: ImportReading, extra: Record<string, string> = {}) {
  const query = new URLSearchParams(extra);
  if (Object.keys(reading.mapping).length > 0)
    query.set("mapping", JSON.stringify(reading.mapping));
  if (reading.separator) query.set("separator", reading.separator);
  if (reading.dateFormat) query.set("dateFormat", reading.dateFormat);
  if (reading.sheet) query.set("sheet", reading.sheet);
  const text = query.toString();
  return text ? `?${text}` : "";
}

const send = <T>(url: string, file: File, onProgress: OnUploadProgress) =>
  uploadCsv<T>(url, file, onProgress, isWorkbook(file) ? XLSX_MEDIA_TYPE : "text/csv");

/** Every row's problems, nothing saved. */
export function checkImportFile(
  area: ImportArea,
  file: File,
  reading: ImportReading,
  onProgress: OnUploadProgress,
) {
  return send<ImportPreviewResponse>(
    `/api/imports/${area}/preview${queryOf(reading)}`,
    file,
    onProgress,
  );
}

/** Writes the file's rows; with `skipInvalid`, the rows with problems are left out. */
export function importFile(
  area: ImportArea,
  file: File,
  reading: ImportReading,
  skipInvalid: boolean,
  onProgress: OnUploadProgress,
) {
  const query = queryOf(reading, {
    ...(skipInvalid ? { skipInvalid: "true" } : {}),
    // For the import history (Settings → Imports).
    ...(file.name ? { fileName: file.name } : {}),
  });
  return send<ImportResultResponse>(`/api/imports/${area}${query}`, file, onProgress);
}

/** How far the running import of the area has got. */
export function fetchImportProgress(area: ImportArea) {
  return api.get<ImportProgressResponse>(`/api/imports/${area}/progress`);
}
