/* Issue 33, item 3: a program's own table whose size this unit does not
   see ("extern const char syntax[];", defined elsewhere), indexed from its
   middle by a signed char (dash's "syntax[c]" with syntax = table + 129):
   the index takes a byte's values only, and nothing shows it leaving the
   table, whatever an attacker chose.  An index of a wider type, not
   checked, still is told.  */
#include <stdio.h>

extern const char basesyntax[];
#define SYNTAX (basesyntax + 129)

int
syntax_by_char_ok (void)
{
  char line[128];
  int n = 0;
  if (!fgets (line, sizeof line, stdin))
    return 0;
  for (const char *p = line; *p; p++)
    {
      int c = (signed char) *p;
      if (SYNTAX[c] == 1) /* { dg-bogus "attacker-controlled" } */
        n++;
    }
  return n;
}

int
syntax_by_int_bad (void)
{
  int c;
  if (scanf ("%d", &c) != 1)
    return 0;
  return SYNTAX[c]; /* { dg-warning "use of attacker-controlled value 'c \\+ 129' as offset without upper-bounds checking" } */
}
