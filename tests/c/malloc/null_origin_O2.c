/* At -O2 the path is the one -O0 gives (bodies are lowered before GCC's
   optimizations): it says where the NULL came from, before the branch
   that chose it.  */
/* { dg-options "-O2" } */
#include <stddef.h>

struct s { int x; };

int null_on_one_branch_bad (struct s *a, int c)
{
  struct s *p = NULL; /* { dg-message "\\(1\\) 'p' is NULL" } */
  if (c) /* { dg-message "\\(2\\) following 'false' branch \\(when 'c == 0'\\)" } */
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
