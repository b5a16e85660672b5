/* Loops keep the correlation between a flag and what it says (Engine v2,
   item 4): "found = 1" beside the stream that was found.  */
#include <stdio.h>

void first_that_opens_ok (const char **names, int n)
{
  FILE *fp = NULL;
  int found = 0;
  for (int i = 0; i < n && !found; i++)
    {
      fp = fopen (names[i], "r");
      if (fp)
        found = 1;
    }
  if (found)
    fclose (fp);
}

void skip_once_found_ok (const char **names, int n)
{
  FILE *fp = NULL;
  int found = 0;
  for (int i = 0; i < n; i++)
    {
      if (found)
        continue;
      fp = fopen (names[i], "r");
      if (fp != NULL)
        found = 1;
    }
  if (found)
    fclose (fp);
}

/* The flag set before the stream is checked: a stream that failed to
   open is "found" too, and one that opened is overwritten next time.  */
void flag_set_too_early_bad (const char **names, int n)
{
  FILE *fp = NULL;
  int found = 0;
  for (int i = 0; i < n; i++)
    {
      fp = fopen (names[i], "r"); /* { dg-warning "leak of FILE 'fp'" } */
      found = 1;
    }
  if (found && fp)
    fclose (fp);
}
