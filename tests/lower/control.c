/* Lowering of control flow: conditions, switch, loops with phis, returns.  */
// OPTIONS: -O0
extern void f1 (void);
extern void f2 (int);
extern void stop (void) __attribute__ ((noreturn));

int branches (int *p, int i)
{
  if (!p)
    return -1;
  switch (i)
    {
    case 1: f1 (); break;
    case 3 ... 5: f2 (i); break;
    default: stop ();
    }
  return 0;
}
// CHECK-LABEL: func @branches(%[[P:[0-9]+]]:ptr "p", %[[I:[0-9]+]]:i32 "i") -> i32
// CHECK: bb0:
// CHECK-NEXT: jmp bb1
// CHECK: br eq %[[P]], null, bb{{[0-9]+}}, bb{{[0-9]+}} !9:6
// CHECK: switch %[[I]], bb[[DFLT:[0-9]+]] [1: bb{{[0-9]+}}, 3..5: bb{{[0-9]+}}] !11:3
// CHECK: bb[[DFLT]]:
// CHECK-NEXT: call @stop() !15:14
// CHECK-NEXT: unreachable
// CHECK: ret %{{[0-9]+}}

int loop (int n)
{
  int s = 0;
  for (int k = 0; k < n; k++)
    s += k;
  return s;
}
// CHECK-LABEL: func @loop(
// CHECK: %[[K2:[0-9]+]]:i32 "k" = add %[[K:[0-9]+]], 1:i32
// CHECK: %[[K]]:i32 "k" = phi [%{{[0-9]+}}, bb{{[0-9]+}}], [%[[K2]], bb{{[0-9]+}}]
// CHECK: br lt %[[K]], %{{[0-9]+}}, bb{{[0-9]+}}, bb{{[0-9]+}} !32:21
