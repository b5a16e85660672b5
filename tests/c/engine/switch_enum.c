/* A switch on an enum with a case for each of its values has no hidden
   default path; one that leaves values out, or has a 'default:' of its
   own, or whose value an attacker chooses, does. The way a switch went is
   told: "following 'case 1:' branch...", "following 'default:' branch...". */
#include <stdlib.h>

enum colour { RED, GREEN, BLUE };

int all_covered (enum colour c)
{
  int v;
  switch (c)
    {
    case RED: v = 1; break;
    case GREEN: v = 2; break;
    case BLUE: v = 3; break;
    }
  return v; /* { dg-bogus "uninitialized" } */
}

int one_missing (enum colour c)
{
  int v;
  switch (c) /* { dg-message "following 'default:' branch" } */
    {
    case RED: v = 1; break;
    case GREEN: v = 2; break;
    }
  return v; /* { dg-warning "use of uninitialized value 'v'" } */
}

void leak_in_a_case (enum colour c)
{
  char *p = malloc (4);
  switch (c) /* { dg-message "following 'case 1:' branch" } */
    {
    case RED: free (p); break;
    case GREEN: return; /* { dg-warning "leak of 'p'" } */
    case BLUE: free (p); break;
    }
}

int __attribute__ ((tainted_args)) attacker_chooses (enum colour c)
{
  int v;
  switch (c) /* { dg-message "following 'default:' branch" } */
    {
    case RED: v = 1; break;
    case GREEN: v = 2; break;
    case BLUE: v = 3; break;
    }
  return v; /* { dg-warning "use of uninitialized value 'v'" } */
}
