/* double-free: the same heap pointer freed twice on a feasible path.  */
#include <stdlib.h>

void free_twice_bad (int n)
{
  char *p = malloc (n); /* { dg-message "\\(1\\) allocated here" } */
  if (!p) /* { dg-message "\\(2\\) assuming 'p' is non-NULL" } */
    return;
  free (p); /* { dg-message "\\(5\\) first 'free' here" } */
  free (p); /* { dg-warning "double-'free' of 'p' \\\[CWE-415\\\]" } */
  /* { dg-message "\\(6\\) second 'free' here; first 'free' was at \\(5\\)" "final event" { target *-*-* } .-1 } */
}

void free_through_copy_bad (void)
{
  void *p = malloc (16);
  void *q = p;
  free (p);
  free (q); /* { dg-warning "double-'free' of 'q'" } */
}

void free_on_both_branches_bad (int c)
{
  void *p = malloc (16);
  if (c)
    free (p); /* { dg-message "first 'free' here" } */
  free (p); /* { dg-warning "double-'free' of 'p'" } */
}

void free_null_twice_ok (void)
{
  void *p = malloc (16);
  if (p == NULL)
    {
      free (p);
      free (p); /* { dg-bogus "double-'free'" } */
      return;
    }
  free (p);
}

void free_once_per_branch_ok (int c)
{
  void *p = malloc (16);
  if (c)
    {
      free (p);
      return;
    }
  free (p);
}

void free_reassigned_ok (void)
{
  void *p = malloc (16);
  free (p);
  p = malloc (32);
  free (p);
}

void free_in_loop_ok (int n)
{
  for (int i = 0; i < n; i++)
    {
      void *p = malloc (16);
      free (p);
    }
}

void free_after_flag_ok (int flag)
{
  void *p = malloc (16);
  if (flag)
    free (p);
  if (!flag)
    free (p);
}

/* A pure function changes nothing: the pointer it is given stays freed.  */
extern int count_refs (unsigned long) __attribute__ ((pure));

void freed_then_pure_call_bad (void *p)
{
  free (p);
  count_refs ((unsigned long) p); /* { dg-bogus "use after" "a value, not a pointer to read through" } */
  free (p); /* { dg-warning "double-'free' of 'p'" } */
}

/* Elements named as written: 'pbuf[1]', 'argv[1]', 'names[i]'.  */
void element_twice_bad (char **pbuf)
{
  free (pbuf[1]);
  free (pbuf[1]); /* { dg-warning "double-'free' of 'pbuf\\[1\\]'" } */
}

int argv_element_bad (int argc, char **argv)
{
  char *s = argv[1];
  free (s);
  return *argv[1]; /* { dg-warning "use after 'free' of 'argv\\[1\\]'" } */
}
