/* The bundled example: a buffer freed on an error path and again at the end.
   Compile it with:  gcc -fplugin=pathwise -c examples/double_free.c  */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct message
{
  char *text;
  size_t len;
};

static int validate (const struct message *m)
{
  return m->len > 0 && m->text[0] != '#';
}

int process (const char *input)
{
  struct message m;
  m.len = strlen (input);
  char *buf = malloc (m.len + 1);
  if (!buf)
    return -1;
  memcpy (buf, input, m.len + 1);
  m.text = buf;
  puts (m.text);
  if (!validate (&m))
    {
      fprintf (stderr, "invalid message\n");
      free (buf); /* the error path releases the buffer...  */
    }
  free (buf); /* ...and so does the normal path: a double free.  */
  return 0;
}
