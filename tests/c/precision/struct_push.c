/* Issue 33, item 2: a struct pushed by value ("*(stack.top++) = node")
   into storage a growth helper reallocated, at an offset the path does
   not know: what the struct's fields hold (a copied tag, the node's own
   item stack) is now held there, where the caller reads it, not leaked
   when the local struct ends (libyaml's document nodes).  */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

struct mark { size_t index, line, column; };
struct node
{
  int type;
  unsigned char *tag;
  union
  {
    struct { unsigned char *value; size_t length; int style; } scalar;
    struct { struct { int *start, *end, *top; } items; int style; } sequence;
  } data;
  struct mark start_mark, end_mark;
};
struct document { struct { struct node *start, *end, *top; } nodes; };

void *grow (void *ptr, size_t size)
{
  return ptr ? realloc (ptr, size ? size : 1) : malloc (size ? size : 1);
}

void release (void *ptr)
{
  if (ptr)
    free (ptr);
}

int stack_extend (void **start, void **top, void **end)
{
  void *new_start;
  if ((char *) *end - (char *) *start >= INT_MAX / 2)
    return 0;
  new_start = grow (*start, ((char *) *end - (char *) *start) * 2);
  if (!new_start)
    return 0;
  *top = (char *) new_start + ((char *) *top - (char *) *start);
  *end = (char *) new_start + ((char *) *end - (char *) *start) * 2;
  *start = new_start;
  return 1;
}

int check_text (const unsigned char *start, size_t length)
{
  while (length--)
    if (!*start++)
      return 0;
  return 1;
}

int add_sequence_ok (struct document *document, const unsigned char *tag, int style)
{
  struct mark mark = { 0, 0, 0 };
  unsigned char *tag_copy = NULL;
  struct { int *start, *end, *top; } items = { NULL, NULL, NULL };
  struct node node;

  if (strlen ((char *) tag) > 100)
    goto error;
  tag_copy = (unsigned char *) strdup ((char *) tag);
  if (!tag_copy)
    goto error;
  if (!(items.start = malloc (16 * sizeof *items.start)))
    goto error;
  items.top = items.start;
  items.end = items.start + 16;
  memset (&node, 0, sizeof node);
  node.type = 2;
  node.tag = tag_copy;
  node.start_mark = mark;
  node.end_mark = mark;
  node.data.sequence.items.start = items.start;
  node.data.sequence.items.end = items.end;
  node.data.sequence.items.top = items.start;
  node.data.sequence.style = style;
  if (document->nodes.top == document->nodes.end
      && !stack_extend ((void **) &document->nodes.start, (void **) &document->nodes.top,
                        (void **) &document->nodes.end))
    goto error;
  *(document->nodes.top) = node;
  document->nodes.top++;
  return document->nodes.top - document->nodes.start; /* { dg-bogus "leak" } */
error:
  release (items.start);
  release (tag_copy);
  return 0;
} /* { dg-bogus "leak" } */
