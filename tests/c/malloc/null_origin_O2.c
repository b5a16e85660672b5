/* At -O2 the NULL reaches the dereference through a phi: the path still
   says where it came from, before the branch that chose it.  */
/* { dg-options "-O2" } */
#include <stddef.h>

struct s { int x; };

int null_on_one_branch_bad (struct s *a, int c)
{
  struct s *p = NULL;
  if (c) /* { dg-message "\\(1\\) 'p' is NULL" } */
    /* { dg-message "\\(2\\) following 'false' branch \\(when 'c == 0'\\)" "" { target *-*-* } .-1 } */
    p = a;
  return p->x; /* { dg-warning "dereference of NULL 'p'" } */
}

int null_on_no_path_ok (struct s *a, int c)
{
  struct s *p = NULL;
  if (c)
    p = a;
  if (c)
    return p->x;
  return 0;
}
