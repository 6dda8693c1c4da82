// Sends an import file (CSV or an Excel workbook) as a request body with upload progress. fetch()
// reports no upload progress, so this one call uses XMLHttpRequest; errors come back as the same
// ApiError as every request.
import { ApiError, errorFromResponseBody } from "@/client/lib/api-client";

/** Generous: a large import is checked and written before the server answers. */
const UPLOAD_TIMEOUT_MS = 10 * 60_000;

export function uploadCsv<T>(
  url: string,
  file: Blob,
  onProgress?: (fraction: number) => void,
  contentType = "text/csv",
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", url);
    request.withCredentials = true;
    request.timeout = UPLOAD_TIMEOUT_MS;
    request.setRequestHeader("Content-Type", contentType);
    request.setRequestHeader("X-Requested-With", "XMLHttpRequest");
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        try {
          resolve(JSON.parse(request.responseText) as T);
        } catch {
          reject(new ApiError("The server's answer could not be read", { status: request.status }));
        }
        return;
      }
      reject(errorFromResponseBody(request.status, request.statusText, request.responseText));
    };
    request.onerror = () =>
      reject(
        new ApiError("There was a problem connecting to the server. Please try again.", {
          kind: "network",
        }),
      );
    request.ontimeout = () =>
      reject(
        new ApiError(`Request timeout after ${UPLOAD_TIMEOUT_MS}ms: ${url}`, { kind: "timeout" }),
      );
    request.send(file);
  });
}
