/** Saves text (or bytes already fetched) as a file through the browser's download. */
export function download(name: string, text: string | Blob, type = "application/json") {
  const url = URL.createObjectURL(typeof text === "string" ? new Blob([text], { type }) : text);
  const a = Object.assign(document.createElement("a"), { href: url, download: name });
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
