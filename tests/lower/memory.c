/* Lowering of memory references: fields, pointees, array elements, globals.  */ // CHECK: global @table : arr16 const static addressed complete init(".0"=@on_a, ".8"=@on_b)
// OPTIONS: -O0
struct buf { int len; char *data; struct buf *next; };
extern int g;

int fields (struct buf *b, int i)
{
  int x = b->data[i];
  b->next->len = g;
  return x;
}
// CHECK-LABEL: func @fields(%[[B:[0-9]+]]:ptr "b", %[[I:[0-9]+]]:i32 "i") -> i32
// CHECK: %[[D:[0-9]+]]:ptr = load *%[[B]].data@8 !8:12
// CHECK-NEXT: %[[W:[0-9]+]]:u64 = conv %[[I]]
// CHECK-NEXT: %[[P:[0-9]+]]:ptr = ptradd %[[D]], %[[W]]
// CHECK-NEXT: load *%[[P]] !8:18
// CHECK: %[[N:[0-9]+]]:ptr = load *%[[B]].next@16 !9:4
// CHECK-NEXT: %[[G:[0-9]+]]:i32 = load @g
// CHECK-NEXT: store *%[[N]].len@0, %[[G]] !9:16

void locals (int i)
{
  char local[8];
  local[i] = 'x';
  struct buf copy;
  copy.len = 1;
  extern void use (void *);
  use (&copy);
}
// CHECK-LABEL: func @locals(
// CHECK: local $local : arr8
// CHECK: local $copy : rec24
// CHECK: store $local[%{{[0-9]+}}], 120:i8 !24:12
// CHECK: store $copy.len@0, 1:i32
// CHECK: call @use(&$copy)
// CHECK: clobber $local
// CHECK: clobber $copy

struct pair { int *a; int *b; };
int zero_filled (int c)
{
  struct pair z = { 0 };
  struct pair e = {};
  extern void use2 (struct pair *, struct pair *);
  use2 (&z, &e);
  return c;
}
// CHECK-LABEL: func @zero_filled(
// CHECK: store $z, 0:rec16
// CHECK: store $e, 0:rec16

int const_params (const int *p, int *q, const char *const s)
{
  return *p + *q + s[0];
}
// CHECK-LABEL: func @const_params({{.*}}) -> i32 readonly(1,3)

static void (*const handlers[2]) (void) = { 0, 0 };
static void on_a (void) { }
static void on_b (void) { }
static void (*const table[2]) (void) = { on_a, on_b };

void call_table (int i)
{
  table[i] ();
  (void) handlers;
}
