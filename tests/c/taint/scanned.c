/* What the scanf family reads: from a stream or stdin, the attacker's;
   from a string, the string's (an attacker's only if the string is); a
   number from a field of limited width ("%1hX", "%2d") is bounded on
   both sides whatever the input.  */
#include <stdio.h>
#include <sys/utsname.h>

static const short level[16] = { 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5 };

/* The kernel's release string is no attacker's.  */
int release_ok (void)
{
  struct utsname u;
  long major, minor;
  int len;
  if (uname (&u) == -1)
    return -1;
  if (sscanf (u.release, "%ld.%ld%n", &major, &minor, &len) != 2)
    return -1;
  return u.release[len] == '.'; /* { dg-bogus "attacker-controlled" } */
}

/* A string read from a stream carries the attacker's bytes into what
   sscanf makes of it.  */
int line_number_bad (FILE *f)
{
  char line[64];
  int n;
  if (!fgets (line, sizeof line, f))
    return -1;
  if (sscanf (line, "%d", &n) != 1)
    return -1;
  return level[n]; /* { dg-warning "use of attacker-controlled value 'n' in array lookup without bounds checking" } */
}

/* One hex digit: 0 to 15.  */
int color_ok (FILE *f)
{
  short r, g, b;
  if (fscanf (f, "#%1hX%1hX%1hX", &r, &g, &b) != 3)
    return -1;
  return 36 * level[r] + 6 * level[g] + level[b]; /* { dg-bogus "attacker-controlled" } */
}

/* Without a width, any number.  */
int color_bad (FILE *f)
{
  short r;
  if (fscanf (f, "#%hX", &r) != 1)
    return -1;
  return level[r]; /* { dg-warning "use of attacker-controlled value 'r' in array lookup without bounds checking" } */
}
