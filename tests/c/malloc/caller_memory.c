/* What a parameter points to is the caller's: an allocation stored there
   is the caller's to release (no leak), until that memory is released
   itself. The bad case is the bug of lz4 1.9.4's LZ4F_writeOpen, which
   frees the pointer to the result instead of the result.  */
#include <stdlib.h>

struct ctx { int size; };

int open_ok (struct ctx **out)
{
  *out = malloc (sizeof (struct ctx));
  if (*out == NULL)
    return -1;
  (*out)->size = 0;
  return 0;
}

int open_error_path_bad (struct ctx **out, int size)
{
  *out = malloc (sizeof (struct ctx)); /* { dg-message "allocated here" } */
  if (*out == NULL)
    return -1;
  if (size < 0)
    {
      free (out); /* { dg-warning "leak of '\\*out'" } */
      return -2;
    }
  (*out)->size = size;
  return 0;
}

void overwrite_bad (struct ctx **out)
{
  *out = malloc (sizeof (struct ctx));
  *out = NULL; /* { dg-warning "leak of '\\*out'" } */
}

/* What only a leaked allocation held leaks with it; a callee's store into
   the caller's variable is named after the variable. */
struct node { struct node *next; void *payload; };

static void make_node (struct node **out)
{
  struct node *n = malloc (sizeof *n);
  void *payload = malloc (1);
  if (!n || !payload) {
    free (n);
    free (payload);
    return;
  }
  n->payload = payload;
  *out = n;
}

void node_and_payload_leak_bad (void)
{
  struct node *res = NULL;
  make_node (&res);
} /* { dg-warning "leak of 'res'" } */
/* { dg-warning "leak of '<unknown>'" "payload" { target *-*-* } .-1 } */

void node_and_payload_freed_ok (void)
{
  struct node *res = NULL;
  make_node (&res);
  if (res) {
    free (res->payload);
    free (res);
  }
}
