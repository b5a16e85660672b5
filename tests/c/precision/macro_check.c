/* Issue 33, item 4: a NULL test that a macro's expansion makes ("can_read
   (b, n)" begins with "(b) != NULL &&") is the macro's habit, not the
   programmer's doubt: no deref-before-check after a dereference.  A test
   the programmer wrote is still reported.  */
#include <stddef.h>

struct buf { const char *data; size_t len; };

#define can_read(b, n) ((b) != NULL && (b)->len >= (n))
#define is_empty(b) ((b) == NULL || (b)->len == 0)

int macro_and_ok (struct buf *b)
{
  int c = b->data[0];
  if (can_read (b, 1)) /* { dg-bogus "check of 'b' for NULL" } */
    return c;
  return -1;
}

int macro_or_ok (struct buf *b)
{
  int c = b->data[0];
  if (is_empty (b)) /* { dg-bogus "check of 'b' for NULL" } */
    return -1;
  return c;
}

int written_and_bad (struct buf *b)
{
  int c = b->data[0];
  if (b != NULL && b->len >= 1) /* { dg-warning "check of 'b' for NULL after already dereferencing it" } */
    return c;
  return -1;
}

int written_then_macro_bad (struct buf *b)
{
  int c = b->data[0];
  if (b && can_read (b, 2)) /* { dg-warning "check of 'b' for NULL after already dereferencing it" } */
    return c;
  return -1;
}

/* Two pointers compared are not a NULL check, even where the path knows
   one of them is NULL (dnsmasq's "strstr (arg, "set:") == arg"); a test
   against NULL after the dereference still is.  */
extern char *strstr (const char *, const char *);

int prefix_ok (char *arg)
{
  if (*arg == 'x')
    return 1;
  if (strstr (arg, "set:") == arg) /* { dg-bogus "check of 'arg' for NULL" } */
    return 2;
  return 0;
}

int late_check_bad (char *arg)
{
  int c = *arg;
  if (arg == 0) /* { dg-warning "check of 'arg' for NULL after already dereferencing it" } */
    return 1;
  return c;
}
