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
      free (out); /* { dg-warning "leak of '<unknown>'" } */
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
