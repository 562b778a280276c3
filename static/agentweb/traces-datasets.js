// A chosen .jsonl file fills the import box: the form sends its lines as text.
document.addEventListener("DOMContentLoaded", () => {
  const file = document.getElementById("import-file");
  const text = document.getElementById("import-text");
  if (!file || !text) return;
  file.addEventListener("change", async () => {
    if (file.files[0]) text.value = await file.files[0].text();
  });
});
