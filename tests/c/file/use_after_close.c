/* file-use-after-close: a stream function given a FILE after fclose
   (CWE-910).  */
#include <stdio.h>

void write_after_close_bad (const char *path, const char *text)
{
  FILE *fp = fopen (path, "w"); /* { dg-message "\\(1\\) opened here" } */
  if (!fp)
    return;
  fputs (text, fp);
  fclose (fp); /* { dg-message "closed here" } */
  fputs (text, fp); /* { dg-warning "'fputs' on closed FILE 'fp' \\\[CWE-910\\\] \\\[-Wanalyzer-file-use-after-close\\\]" } */
  /* { dg-message "'fputs' on closed FILE 'fp'; closed at \\(5\\)" "final event" { target *-*-* } .-1 } */
}

void read_after_close_bad (FILE *in)
{
  char buf[16];
  fclose (in);
  fgets (buf, sizeof buf, in); /* { dg-warning "'fgets' on closed FILE 'in'" } */
}

void reopened_ok (const char *path)
{
  FILE *fp = fopen (path, "r");
  if (!fp)
    return;
  fclose (fp);
  fp = fopen (path, "r");
  if (!fp)
    return;
  fgetc (fp);
  fclose (fp);
}

void closed_on_one_path_only_ok (FILE *fp, int done)
{
  if (done) {
    fclose (fp);
    return;
  }
  fputc ('x', fp);
  fclose (fp);
}

static void finish (FILE *fp)
{
  fclose (fp); /* { dg-message "closed here" } */
}

void closed_in_a_callee_bad (const char *path)
{
  FILE *fp = fopen (path, "w");
  if (!fp)
    return;
  finish (fp);
  fprintf (fp, "%d\n", 1); /* { dg-warning "on closed FILE 'fp'" } */
}
