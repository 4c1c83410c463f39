# One builder per kind of jewel in the catalogue (the ArtKind of prisma/seed-data.ts). Each builds
# the piece on the studio floor (z = 0) and says how to photograph it: the catalogue view
# (`principal`) and a close-up from another angle (`detalle`).
import math

from mathutils import Matrix, Vector

import shapes as S
import studio

TAU = math.tau
V = Vector


class Piece:
    def __init__(self, principal, detail):
        # principal: (elevation, azimuth, fill); detail: (elevation, azimuth, target, radius)
        self.principal = principal
        self.detail = detail


def T(x=0, y=0, z=0):
    return Matrix.Translation(V((x, y, z)))


def R(deg, axis):
    return Matrix.Rotation(math.radians(deg), 4, axis)


def gem_cut(gem):
    return {"esmeralda": "emerald", "zafiro": "oval", "rubi": "oval"}.get(gem, "round")


def settle(objs):
    """Rests the pieces on the floor."""
    import bpy

    bpy.context.view_layer.update()
    low = min((o.matrix_world @ V(c)).z for o in objs if o.type == "MESH" for c in o.bound_box)
    for o in objs:
        o.matrix_world = T(z=-low) @ o.matrix_world
    return -low


def place(objs, matrix):
    for o in objs:
        o.matrix_world = matrix @ o.matrix_world
    return objs


def replicate(objs, matrices):
    """Copies of the template objects at each matrix (instances share the meshes)."""
    out = []
    for m in matrices:
        for o in objs:
            out.append(S.instance(o.data, m @ o.matrix_world, o.name + "+"))
    return out


def set_stone(metal, gem, cut, size, matrix, count=None, setting="prongs"):
    """A stone in its setting, girdle at the matrix origin, table along the matrix's +Z."""
    objs = S.cut_stone("stone", studio.gem(gem), cut, size, matrix)
    if setting == "bezel":
        objs += S.bezel("bezel", metal, matrix, size, cut)
    else:
        if count is None:
            count = 6 if (gem == "diamante" and cut == "round" and size > 4) else 4
        if cut == "heart":
            objs += S.prongs("prong", metal, matrix, size * 1.05, 3, cut="round", angle0=-math.pi / 2)
        elif cut == "pear":
            objs += S.prongs("prong", metal, matrix, size, 5, cut="pear", angle0=math.pi / 2)
        else:
            objs += S.prongs("prong", metal, matrix, size, count, cut=cut)
        # the gallery: a small ring under the stone that holds the claws together
        objs.append(S.torus("gallery", metal, size * 0.3, max(0.12, size * 0.045), matrix @ V((0, 0, -size * 0.3)), matrix.to_3x3() @ V((0, 0, 1))))
    return objs


# ───────────────────────── rings ─────────────────────────

R_IN = 8.6  # a size 7 (Mexico) finger


def _ring(metal, width, thick, kind="comfort", taper=None):
    return [S.ring_band("shank", metal, R_IN, width, thick, kind, taper)]


def _cathedral(th):
    # the shank narrows from the palm to the head
    f = 0.5 + 0.5 * math.cos(th)
    return (1 - 0.35 * f, 1 - 0.1 * f)


def _ring_with_head(metal, gem, cut, size, width=2.2, thick=1.7, kind="knife", setting="prongs", lift=0.0):
    objs = _ring(metal, width, thick, kind, _cathedral)
    top = R_IN + thick * 0.9
    girdle = top + size * 0.42 + lift
    objs += set_stone(metal, gem, cut, size, T(z=girdle) @ (R(90, "Z") if cut in ("oval", "emerald", "pear") else Matrix()), setting=setting)
    return objs, girdle


def _stand_ring(objs, head_z):
    """Stands a ring on its edge, turned three-quarters to the camera."""
    place(objs, R(-32, "Z"))
    lift = settle(objs)
    return Piece((16, 0, 0.74), (38, 38, V((0, 0, head_z + lift - 1)), 6.5))


def ring_solitario(metal, gem):
    size = 5.4 if gem == "diamante" else 6.2
    objs, g = _ring_with_head(metal, gem, "round", size)
    return _stand_ring(objs, g)


def ring_corazon(metal, gem):
    objs, g = _ring_with_head(metal, gem, "heart", 7.0, kind="comfort")
    return _stand_ring(objs, g)


def ring_argolla(metal, gem):
    objs = _ring(metal, 4.0, 1.7, "comfort")
    piece = _stand_ring(objs, R_IN)
    piece.detail = (30, 55, V((0, 0, 2 * R_IN + 3)), 8.0)
    return piece


def _stones_around(metal, gem, size, start, end, count, thick, width):
    """Stones set side by side on the outside of a ring (tables facing out), with shared claws."""
    template = S.cut_stone("st", studio.gem(gem), "round", size, Matrix())
    bead = S.sphere("bead", metal, size * 0.13, (0, 0, 0), 12, 8)
    template_bead = [bead]
    matrices, bead_m = [], []
    r = R_IN + thick + size * 0.12
    for k in range(count):
        th = start + (end - start) * (k + 0.5) / count
        m = R(math.degrees(th), "Y") @ T(z=r) @ R(90, "Z")
        matrices.append(m)
        for side in (-1, 1):
            thb = th + (end - start) / count / 2
            bead_m.append(R(math.degrees(thb), "Y") @ T(y=side * size * 0.48, z=r + size * 0.06))
    objs = replicate(template, matrices) + replicate(template_bead, bead_m)
    for o in template + template_bead:
        import bpy

        bpy.data.objects.remove(o)
    return objs


def ring_eternidad(metal, gem, half=False):
    thick, width = 1.8, 2.6
    objs = _ring(metal, width, thick, "comfort")
    size = 2.3
    if half:
        objs += _stones_around(metal, gem, size, -1.15, 1.15, 9, thick, width)
    else:
        objs += _stones_around(metal, gem, size, 0, TAU, 27, thick, width)
    return _stand_ring(objs, R_IN + thick)


def ring_media_eternidad(metal, gem):
    return ring_eternidad(metal, gem, half=True)


def _halo(metal, centre_matrix, cut, size, n, small=1.25, gap=0.35, z=-0.25):
    pts = S._convex_hull2d(S.outline(cut, 128)) if cut != "emerald" else None
    template = S.cut_stone("halo", studio.gem("diamante"), "round", small, Matrix())
    bead = S.sphere("hbead", metal, small * 0.16, (0, 0, 0), 10, 6)
    # a path around the centre stone, offset by half a small stone plus a gap
    if cut == "emerald":
        w, l = 0.36 * size, 0.5 * size
        path = []
        for k in range(128):
            a = TAU * k / 128
            c, s = math.cos(a), math.sin(a)
            path.append(V((math.copysign(abs(c) ** 0.35, c) * (w + small * 0.5 + gap), math.copysign(abs(s) ** 0.35, s) * (l + small * 0.5 + gap), 0)))
    else:
        path = []
        for p in pts:
            d = V((p.x, p.y, 0))
            path.append(d * size + d.normalized() * (small * 0.5 + gap))
    spots = S.resample(path, 1e9, True)  # total length
    length = sum((b - a).length for a, b in zip(path, path[1:] + path[:1]))
    count = max(n, int(length / (small * 1.08)))
    spots = S.resample(path, length / count, True)
    ms = [centre_matrix @ T(p.x, p.y, z) for p, _t in spots]
    bms = [centre_matrix @ T(p.x + (p.x * 0.0), p.y, z + small * 0.1) @ T(*(t * small * 0.54)) for p, t in spots]
    objs = replicate([template[0]], ms) + replicate([bead], bms)
    # the halo's own frame
    frame_path = [centre_matrix @ (q - V((0, 0, small * 0.45 - z))) for q in path]
    objs.append(S.wire("halo-frame", metal, frame_path, small * 0.42, closed=True, n=10))
    import bpy

    for o in template + [bead]:
        bpy.data.objects.remove(o)
    return objs


def ring_halo(metal, gem):
    cut = "emerald" if gem == "esmeralda" else "oval"
    size = 7.0
    objs, g = _ring_with_head(metal, gem, cut, size, kind="comfort", lift=0.4)
    m = T(z=g) @ R(90, "Z")
    objs += _halo(metal, m, cut, size, 20)
    return _stand_ring(objs, g)


def ring_trilogia(metal, gem):
    thick = 1.8
    objs = _ring(metal, 2.4, thick, "knife", _cathedral)
    top = R_IN + thick * 0.9
    for x, size in ((-4.6, 3.6), (0, 5.0), (4.6, 3.6)):
        th = math.asin(x / (top + 2))
        m = R(math.degrees(th), "Y") @ T(z=top + size * 0.42)
        objs += set_stone(metal, gem, "round", size, m, count=4)
    return _stand_ring(objs, top + 2)


def ring_perla(metal, gem):
    objs = _ring(metal, 2.0, 1.6, "knife", _cathedral)
    top = R_IN + 1.5
    objs.append(S.torus("cup", metal, 1.6, 0.4, (0, 0, top + 0.4)))
    objs.append(S.capsule("peg", metal, (0, 0, top), (0, 0, top + 1.2), 0.35))
    objs.append(S.sphere("pearl", studio.gem("perla"), 4.2, (0, 0, top + 4.6)))
    return _stand_ring(objs, top + 3.5)


def ring_sello(metal, gem):
    def taper(th):
        f = (0.5 + 0.5 * math.cos(th)) ** 2
        return (0.3 + 0.7 * f, 0.65 + 0.55 * f)

    objs = _ring(metal, 11.0, 2.2, "flat", taper)
    objs.append(S.cabochon_slab("onyx", studio.gem(gem), 7.5, 9.0, 1.2, T(z=R_IN + 2.2 * 1.2 - 0.35)))
    return _stand_ring(objs, R_IN + 3)


def ring_trenzado(metal, gem):
    objs = []
    for strand in range(3):
        path = []
        for i in range(720):
            th = TAU * i / 720
            tw = 18 * th + strand * TAU / 3
            rr = R_IN + 1.1 + 0.7 * math.cos(tw)
            path.append(V((math.sin(th) * rr, 0.9 * math.sin(tw), math.cos(th) * rr)))
        objs.append(S.wire(f"strand{strand}", metal, path, 0.62, closed=True, n=12))
    return _stand_ring(objs, R_IN + 2)


def ring_tu_y_yo(metal, gem):
    path = []
    for i in range(300):
        f = i / 299
        th = math.radians(35 + 290 * f)
        y = 3.2 * math.cos(math.pi * f)
        path.append(V((math.sin(th) * (R_IN + 0.9), y, math.cos(th) * (R_IN + 0.9))))
    objs = [S.wire("shank", metal, path, 0.9, n=16)]
    a, b = path[0], path[-1]
    objs.append(S.sphere("pearl", studio.gem(gem), 3.0, a + V((0, 0, 2.8))))
    objs.append(S.torus("cup", metal, 1.0, 0.3, a + V((0, 0, 0.4))))
    objs += set_stone(metal, "diamante", "round", 4.2, T(*(b + V((0, 0, 2.0)))))
    return _stand_ring(objs, R_IN + 3)


# ───────────────────────── necklaces (laid flat) ─────────────────────────


def _v_path(top_y=70, spread=32, bail=V((0, 0, 0)), n=160):
    """Two sides of a necklace lying on the backdrop, meeting at the pendant's bail."""
    left, right = [], []
    for i in range(n):
        f = i / (n - 1)
        y = bail.y + top_y * f
        x = spread * f**0.7
        left.append(V((-x, y, 0)))
        right.append(V((x, y, 0)))
    return list(reversed(left)) + right[1:]


def _fine_chain(metal, path, z=0.35, length=1.9, width=1.3, wire_r=0.24):
    path = [p + V((0, 0, z)) for p in path]
    return S.chain("chain", metal, path, length, width, wire_r)


def _pendant_shot(objs, focus, radius):
    settle(objs)
    return Piece((58, 0, None, focus, radius * 1.25), (40, 40, focus, radius * 0.8))


def _bail(metal, at, size=1.6):
    return [S.torus("bail", metal, size, size * 0.28, at, (1, 0, 0))]


def neck_colgante(metal, gem, cut, size, setting="prongs", halo=False):
    bail = V((0, size * 0.9 + 2.2, 0))
    objs = _fine_chain(metal, _v_path(bail=bail))
    z = size * 0.43 + 0.3
    m = T(z=z) @ (R(180, "Z") if cut in ("pear", "heart") else Matrix())
    objs += set_stone(metal, gem, cut, size, m, setting=setting)
    if halo:
        objs += _halo(metal, m, cut, size, 18)
    objs += _bail(metal, bail + V((0, 0, 1.6)))
    return _pendant_shot(objs, V((0, size * 0.3, 1)), size * 1.6)


def neck_colgante_gota(metal, gem):
    return neck_colgante(metal, gem, "pear", 7.5)


def neck_colgante_corazon(metal, gem):
    return neck_colgante(metal, gem, "heart", 8.0)


def neck_colgante_halo(metal, gem):
    return neck_colgante(metal, gem, "emerald" if gem == "esmeralda" else "oval", 6.5, halo=True)


def neck_colgante_solitario(metal, gem):
    return neck_colgante(metal, gem, "oval" if gem != "diamante" else "round", 6.5)


def neck_collar_perlas(metal, gem):
    path = _v_path(top_y=90, spread=55, bail=V((0, 0, 0)))
    # a softer U than a pendant's V
    path = [V((p.x, p.y - 12 * (1 - min(1, abs(p.x) / 55)) ** 2 + 12, 0)) for p in path]
    objs = []
    r = 3.6
    for k, (p, _t) in enumerate(S.resample(path, 2 * r + 0.25)):
        objs.append(S.sphere(f"pearl{k}", studio.gem(gem), r, p + V((0, 0, r)), 40, 24))
    objs.append(S.sphere("clasp", metal, 2.4, (0, -2 * r, 2.4)))
    settle(objs)
    return Piece((50, 0, None, V((0, 22, 3)), 38), (28, 35, V((0, 8, 3)), 14))


def neck_cadena_cubana(metal, gem):
    path = []
    for i in range(400):
        a = TAU * i / 400
        path.append(V((38 * math.cos(a), 30 * math.sin(a) + 8 * math.sin(a) ** 3, 0.9)))
    objs = S.chain("curb", metal, path, 8.0, 5.6, 1.25, closed=True, flat=0.55, roll=28, pitch=4.3)
    settle(objs)
    return Piece((48, 0, 0.86), (32, 30, V((0, -30, 2)), 11))


def neck_cadena_fina(metal, gem):
    path = []
    for i in range(500):
        a = TAU * i / 500
        path.append(V((36 * math.cos(a), 27 * math.sin(a), 0.6)))
    objs = S.chain("singapur", metal, path, 2.6, 1.8, 0.33, closed=True, roll=60)
    settle(objs)
    return Piece((50, 0, 0.86), (32, 30, V((0, -27, 1)), 6))


def neck_riviera(metal, gem):
    path = _v_path(top_y=80, spread=60, bail=V((0, 0, 0)))
    path = [V((p.x, p.y - 18 * (1 - min(1, abs(p.x) / 60)) ** 2 + 18, 0)) for p in path]
    objs = []
    spots = S.resample(path, 1.0)
    mid = len(spots) // 2
    k = 0
    i = mid
    placed = []
    # graduated stones from the centre outwards
    for side in (1, -1):
        d = 0.0
        j = mid
        size = 4.2
        while 0 <= j < len(spots) and d < 46:
            p, t = spots[j]
            placed.append((p, t, size))
            step = size + 0.5
            j += side * int(round(step))
            d += step
            size = max(2.4, size - 0.09)
        if side == 1:
            placed = placed
    seen = set()
    for p, t, size in placed:
        key = (round(p.x, 1), round(p.y, 1))
        if key in seen:
            continue
        seen.add(key)
        m = T(p.x, p.y, size * 0.43 + 0.6) @ R(math.degrees(math.atan2(t.y, t.x)), "Z")
        objs += set_stone(metal, gem, "round", size, m, count=4)
        k += 1
    ends = [q for q, _t in spots if abs(q.x) > 40]
    left = [q for q in path if q.x < -44]
    right = [q for q in path if q.x > 44]
    objs += _fine_chain(metal, left, 0.35)
    objs += _fine_chain(metal, right, 0.35)
    del ends, i
    settle(objs)
    return Piece((55, 0, None, V((0, 14, 2)), 34), (35, 30, V((0, 0, 2)), 9))


def neck_medalla_sol(metal, gem):
    bail = V((0, 11.5, 0))
    objs = _fine_chain(metal, _v_path(bail=bail))
    objs.append(S.torus("rim", metal, 9.0, 0.9, (0, 0, 0.9)))
    disc = S.ring_band("disc", metal, 0.01, 1.4, 8.6, "flat")
    disc.matrix_world = T(z=0.7) @ R(90, "X")
    objs.append(disc)
    objs.append(S.sphere("sun", metal, 3.0, (0, 0, 0.5), 48, 24))
    objs[-1].matrix_world = T(z=0.5) @ Matrix.Diagonal((1, 1, 0.55, 1))
    for k in range(16):
        a = TAU * k / 16
        long = 1.0 if k % 2 == 0 else 0.7
        p0 = V((math.cos(a) * 3.6, math.sin(a) * 3.6, 1.6))
        p1 = V((math.cos(a) * (3.6 + 3.6 * long), math.sin(a) * (3.6 + 3.6 * long), 1.5))
        objs.append(S.capsule(f"ray{k}", metal, p0, p1, 0.38))
    objs += _bail(metal, bail + V((0, -1.2, 1.6)))
    return _pendant_shot(objs, V((0, 1.5, 1)), 11)


def neck_luna_estrella(metal, gem):
    bail = V((0, 10.5, 0))
    objs = _fine_chain(metal, _v_path(bail=bail))
    path = []
    for i in range(120):
        f = i / 119
        a = math.radians(60 + 240 * f)
        path.append(V((math.cos(a) * 7.5, math.sin(a) * 7.5, 1.2)))
    verts, faces = S.sweep(path, S.circle_profile(1.0, 16), False, scale=lambda f: (max(0.15, math.sin(math.pi * f)) * 2.0, max(0.15, math.sin(math.pi * f)) * 0.9))
    objs.append(S.mesh_object("moon", verts, faces, metal))
    star = []
    for k in range(10):
        a = math.pi / 2 + TAU * k / 10
        r = 3.6 if k % 2 == 0 else 1.5
        star.append(V((3.2 + r * math.cos(a), -0.5 + r * math.sin(a), 0.9)))
    objs.append(S.wire("star", metal, star, 0.55, closed=True, n=10))
    objs += set_stone(metal, gem, "round", 2.2, T(3.2, -0.5, 1.4), setting="bezel")
    objs += _bail(metal, bail + V((0, -1.5, 1.6)))
    return _pendant_shot(objs, V((0, 1.0, 1)), 10)


def neck_doble_capa(metal, gem):
    objs = _fine_chain(metal, _v_path(top_y=80, spread=30, bail=V((0, 3.5, 0))), 0.3, 1.6, 1.1, 0.2)
    outer = _v_path(top_y=95, spread=60, bail=V((0, -16, 0)))
    outer = [V((p.x, p.y - 10 * (1 - min(1, abs(p.x) / 60)) ** 2, 0)) for p in outer]
    objs += _fine_chain(metal, outer, 0.35, 2.2, 1.5, 0.28)
    objs.append(S.sphere("pearl", studio.gem(gem), 3.2, (0, -0.5, 3.2)))
    objs += _bail(metal, V((0, 3.0, 1.2)), 1.1)
    settle(objs)
    return Piece((55, 0, None, V((0, 10, 2)), 30), (35, 30, V((0, 0, 2)), 7))


# ───────────────────────── bracelets (laid on the backdrop) ─────────────────────────

BR = 30.0  # radius of a bracelet lying on the backdrop


def _loop(rx=BR, ry=BR * 0.82, z=0.5, n=480):
    return [V((rx * math.cos(TAU * i / n), ry * math.sin(TAU * i / n), z)) for i in range(n)]


def _bracelet_shot(objs, focus=None, radius=8):
    settle(objs)
    return Piece((40, 0, 0.84), (34, 28, focus or V((0, -BR * 0.82, 2)), radius))


def br_tenis(metal, gem):
    size = 3.0
    template = set_stone(metal, gem, "round", size, Matrix(), count=4)
    bar = S.capsule("hinge", metal, (-size * 0.62, 0, -size * 0.35), (size * 0.62, 0, -size * 0.35), size * 0.12)
    template.append(bar)
    spots = S.resample(_loop(BR, BR * 0.82, size * 0.55), size * 1.15, True)
    ms = []
    for p, t in spots:
        out = V((t.y, -t.x, 0)).normalized()
        ms.append(S.frame(p, out, t))
    objs = replicate(template, ms)
    import bpy

    for o in template:
        bpy.data.objects.remove(o)
    return _bracelet_shot(objs)


def _bangle(metal, width, thick, kind, r=29.0):
    return [S.ring_band("bangle", metal, r, width, thick, kind)]


def _stand_bangle(objs, head_z):
    place(objs, R(-30, "Z"))
    lift = settle(objs)
    return Piece((18, 0, 0.78), (34, 36, V((0, 0, head_z + lift)), 12))


def br_esclava(metal, gem):
    return _stand_bangle(_bangle(metal, 4.0, 2.6, "comfort"), 60)


def br_brazalete_ancho(metal, gem):
    return _stand_bangle(_bangle(metal, 16.0, 2.0, "flat"), 60)


def br_esclava_gemas(metal, gem):
    objs = _bangle(metal, 5.0, 2.6, "comfort")
    for k in range(7):
        th = math.radians((k - 3) * 9.5)
        g = gem if k % 2 == 0 else "diamante"
        size = 3.6 if k % 2 == 0 else 2.6
        m = R(math.degrees(th), "Y") @ T(z=29 + 2.6 + size * 0.35)
        objs += set_stone(metal, g, "round", size, m, count=4)
    return _stand_bangle(objs, 60)


def br_chain(metal, length, width, wire_r, roll=90, flat=1.0, pitch=None):
    return S.chain("link", metal, _loop(z=width / 2 * 0.95), length, width, wire_r, closed=True, roll=roll, flat=flat, pitch=pitch)


def _charm_attach(metal, objs, charms):
    """Charms lying outside the loop at evenly spaced angles, each on a jump ring."""
    n = len(charms)
    for k, build in enumerate(charms):
        a = -math.pi / 2 + (k - (n - 1) / 2) * 0.5
        p = V((BR * 1.02 * math.cos(a), BR * 0.82 * 1.02 * math.sin(a), 0))
        out = V((math.cos(a), math.sin(a) / 0.82, 0)).normalized()
        objs.append(S.torus(f"jump{k}", metal, 1.4, 0.3, p + out * 1.2 + V((0, 0, 0.4)), (0, 0, 1)))
        objs += build(p + out * (2.6 + 4.5), out)
    return objs


def br_dijes(metal, gem):
    objs = br_chain(metal, 3.0, 2.0, 0.38)

    def heart(c, out):
        pts = []
        for i in range(80):
            t = TAU * i / 80
            x = 16 * math.sin(t) ** 3
            y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
            pts.append(c + V((x * 0.26, y * 0.26, 0.7)))
        ang = math.atan2(out.y, out.x) - math.pi / 2
        pts = [c + (R(math.degrees(ang) + 180, "Z") @ (q - c)) for q in pts]
        return [S.wire("heart", metal, pts, 0.6, closed=True, n=10)]

    def disc(c, out):
        d = S.ring_band("disc", metal, 0.01, 0.9, 4.6, "flat")
        d.matrix_world = T(c.x, c.y, 0.6) @ R(90, "X")
        return [d]

    def stone(c, out):
        return set_stone(metal, gem, "round", 4.0, T(c.x, c.y, 1.9), setting="bezel")

    def star(c, out):
        pts = [c + V(((3.8 if k % 2 == 0 else 1.6) * math.cos(math.pi / 2 + TAU * k / 10), (3.8 if k % 2 == 0 else 1.6) * math.sin(math.pi / 2 + TAU * k / 10), 0.6)) for k in range(10)]
        return [S.wire("star", metal, pts, 0.5, closed=True, n=10)]

    objs = _charm_attach(metal, objs, [heart, stone, disc, star, stone])
    return _bracelet_shot(objs, V((0, -BR * 0.82 - 6, 2)), 10)


def br_perlas(metal, gem):
    objs = []
    r = 3.2
    for k, (p, _t) in enumerate(S.resample(_loop(z=r), 2 * r + 0.2, True)):
        if k == 0:
            objs.append(S.sphere("clasp", metal, 2.2, p + V((0, 0, -r + 2.2))))
            continue
        objs.append(S.sphere(f"pearl{k}", studio.gem(gem), r, p, 40, 24))
    return _bracelet_shot(objs)


def br_eslabones(metal, gem):
    return _bracelet_shot(br_chain(metal, 4.6, 4.6, 0.75))


def br_barbada(metal, gem):
    return _bracelet_shot(br_chain(metal, 6.4, 4.4, 0.9, roll=28, flat=0.55, pitch=3.5))


def br_corazones(metal, gem):
    objs = br_chain(metal, 2.4, 1.7, 0.3)
    spots = S.resample(_loop(BR * 1.0, BR * 0.82, 0.6), 1, True)
    for k in range(6):
        a = -math.pi / 2 + (k - 2.5) * 0.42
        p = V((BR * math.cos(a), BR * 0.82 * math.sin(a), 0.6))
        rot = math.degrees(math.atan2(math.sin(a) * 0.82, math.cos(a))) - 90
        pts = []
        for i in range(80):
            t = TAU * i / 80
            x = 16 * math.sin(t) ** 3
            y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
            q = R(rot + 180, "Z") @ V((x * 0.28, y * 0.28 - 1.5, 0))
            pts.append(p + q + V((0, 0, 0.1)))
        objs.append(S.wire(f"heart{k}", metal, pts, 0.55, closed=True, n=10))
    del spots
    return _bracelet_shot(objs, V((0, -BR * 0.82 - 3, 1)), 9)


def br_infinito(metal, gem):
    objs = br_chain(metal, 2.2, 1.6, 0.3)
    c = V((0, -BR * 0.82 - 1.5, 0.8))
    pts = []
    for i in range(160):
        t = TAU * i / 160
        d = 1 + math.sin(t) ** 2
        pts.append(c + V((9 * math.cos(t) / d, 9 * math.sin(t) * math.cos(t) / d + 0.15 * math.sin(t) * 0, 0.4 * math.sin(t) * 0)))
    objs.append(S.wire("infinity", metal, pts, 0.75, closed=True, n=14))
    return _bracelet_shot(objs, c, 11)


def br_estaciones(metal, gem):
    objs = br_chain(metal, 1.9, 1.3, 0.24)
    for k in range(5):
        a = -math.pi / 2 + (k - 2) * 0.55
        p = V((BR * math.cos(a), BR * 0.82 * math.sin(a), 0))
        objs += set_stone(metal, gem, "round", 3.0, T(p.x, p.y, 1.6), setting="bezel")
    return _bracelet_shot(objs)


# ───────────────────────── earrings (pairs) ─────────────────────────


def _pair(build, spacing, turn=(20, -25), tilt=0, shot=(30, 0, 0.80), detail_r=None):
    """Two earrings side by side, each turned a little differently, like a styled pair."""
    objs = []
    for k, side in enumerate((-1, 1)):
        one = build()
        place(one, T(side * spacing / 2, k * 4, 0) @ R(turn[k], "Z") @ R(tilt, "X"))
        objs += one
    lift = settle(objs)
    focus = V((-spacing / 2, 0, lift))
    return Piece(shot, (38, 40, focus + V((0, 0, 3)), detail_r or spacing * 0.45))


def _stud(metal, gem, cut, size, setting="prongs"):
    # a stud stands on its post and back: the stone faces the camera, tilted up
    objs = set_stone(metal, gem, cut, size, Matrix(), setting=setting)
    objs.append(S.capsule("post", metal, (0, 0, -size * 0.3), (0, 0, -size * 0.3 - 9), 0.42))
    objs.append(S.torus("back", metal, 2.4, 0.6, (0, 0, -size * 0.3 - 6.5)))
    place(objs, R(62, "X"))
    return objs


def ear_broqueles(metal, gem):
    cut = "round" if gem == "diamante" else "oval"
    return _pair(lambda: _stud(metal, gem, cut, 5.6), 14, shot=(22, 0, 0.72))


def ear_broqueles_perla(metal, gem):
    def one():
        objs = [S.sphere("pearl", studio.gem(gem), 3.8, (0, 0, 3.6)), S.torus("cup", metal, 1.3, 0.35, (0, 0, 0.2))]
        objs.append(S.capsule("post", metal, (0, 0, 0), (0, 0, -9), 0.42))
        objs.append(S.torus("back", metal, 2.4, 0.6, (0, 0, -6.5)))
        return place(objs, R(62, "X"))

    return _pair(one, 14, shot=(22, 0, 0.72))


def ear_broqueles_corazon(metal, gem):
    return _pair(lambda: _stud(metal, gem, "heart", 6.5), 15, shot=(22, 0, 0.72))


def ear_broqueles_estrella(metal, gem):
    def one():
        pts = [V(((4.6 if k % 2 == 0 else 2.0) * math.cos(math.pi / 2 + TAU * k / 10), (4.6 if k % 2 == 0 else 2.0) * math.sin(math.pi / 2 + TAU * k / 10), 0)) for k in range(10)]
        objs = [S.wire("star", metal, pts, 0.75, closed=True, n=12)]
        objs += set_stone(metal, gem, "round", 2.8, T(z=0.6), setting="bezel")
        objs.append(S.capsule("post", metal, (0, 0, -0.5), (0, 0, -9.5), 0.42))
        objs.append(S.torus("back", metal, 2.4, 0.6, (0, 0, -7)))
        return place(objs, R(62, "X"))

    return _pair(one, 16, shot=(22, 0, 0.72))


def _hoop(metal, radius, tube, gap=10):
    path = []
    for i in range(200):
        a = math.radians(gap + (360 - 2 * gap) * i / 199)
        path.append(V((radius * math.sin(a), 0, radius * math.cos(a))))
    objs = [S.wire("hoop", metal, path, tube, n=20)]
    objs.append(S.capsule("pin", metal, path[0], path[0] + (path[-1] - path[0]) * 0.85, 0.35))
    return objs


def ear_arracadas(metal, gem, radius=10.0, tube=1.25):
    return _pair(lambda: _hoop(metal, radius, tube), radius * 2.4, turn=(25, -35), shot=(14, 0, 0.78), detail_r=radius * 0.8)


def ear_arracadas_grandes(metal, gem):
    return ear_arracadas(metal, gem, 20.0, 1.5)


def ear_huggies(metal, gem):
    def one():
        objs = [S.ring_band("huggie", metal, 5.0, 2.6, 2.0, "comfort")]
        objs += _stones_around_r(metal, gem, 1.5, 5.0 + 2.0, -1.3, 1.3, 9)
        return objs

    return _pair(one, 18, turn=(25, -35), shot=(16, 0, 0.74), detail_r=6)


def _stones_around_r(metal, gem, size, r, start, end, count):
    template = S.cut_stone("st", studio.gem(gem), "round", size, Matrix())
    ms = []
    for k in range(count):
        th = start + (end - start) * (k + 0.5) / count
        ms.append(R(math.degrees(th) - 90, "Y") @ T(z=r + size * 0.05))
    objs = replicate(template, ms)
    import bpy

    for o in template:
        bpy.data.objects.remove(o)
    return objs


def ear_filigrana(metal, gem):
    def one():
        objs = []
        outer = [V((13 * math.cos(a), 0, 13 * math.sin(a))) for a in [math.radians(200 + 140 * i / 99) for i in range(100)]]
        inner = [V((10 * math.cos(a), 0, 6.5 * math.sin(a) - 0.5)) for a in [math.radians(200 + 140 * i / 99) for i in range(100)]]
        objs.append(S.wire("outer", metal, outer, 0.6, n=10))
        objs.append(S.wire("inner", metal, inner, 0.45, n=10))
        # scrolls between the two arcs: the filigree
        for k in range(9):
            a = math.radians(212 + 116 * k / 8)
            c = V((11.6 * math.cos(a), 0, (9.9 * math.sin(a) - 0.2)))
            pts = []
            for i in range(60):
                t = 3.2 * math.pi * i / 59
                rr = 1.45 * (1 - i / 70)
                pts.append(c + V((rr * math.cos(t + a), 0, rr * math.sin(t + a))))
            objs.append(S.wire(f"scroll{k}", metal, pts, 0.22, n=8))
        objs.append(S.wire("hook", metal, [V((-9 + 18 * i / 40, 0, 3.5 + 5 * math.sin(math.pi * i / 40))) for i in range(41)], 0.5, n=10))
        for k in range(5):
            a = math.radians(225 + 90 * k / 4)
            objs.append(S.sphere(f"grain{k}", metal, 0.9, (14.2 * math.cos(a), 0, 14.2 * math.sin(a)), 16, 10))
        return place(objs, T(z=14))

    return _pair(one, 30, turn=(12, -18), shot=(12, 0, 0.78), detail_r=10)


def ear_gota(metal, gem):
    def one():
        objs = set_stone(metal, "diamante", "round", 3.2, T(0, 9.5, 1.8), count=4)
        objs.append(S.torus("link", metal, 1.2, 0.3, (0, 6.6, 0.8), (1, 0, 0)))
        m = T(0, 0, 3.0) @ R(180, "Z")
        objs += set_stone(metal, gem, "pear", 7.0, m)
        return objs

    return _pair(one, 14, turn=(10, -12), shot=(48, 0, 0.74), detail_r=6)


def ear_perla_colgante(metal, gem):
    def one():
        objs = set_stone(metal, "diamante", "round", 2.6, T(0, 12, 1.6), setting="bezel")
        objs += _fine_chain(metal, [V((0, 10.5 - i * 0.1, 0)) for i in range(55)], 0.35, 1.6, 1.1, 0.22)
        objs.append(S.torus("cap", metal, 1.5, 0.4, (0, 4.9, 3.6), (0, 1, 0)))
        objs.append(S.sphere("pearl", studio.gem(gem), 4.0, (0, 0.4, 4.0)))
        return objs

    return _pair(one, 14, turn=(8, -10), shot=(48, 0, 0.74), detail_r=7)


BUILDERS = {
    "solitario": ring_solitario,
    "argolla": ring_argolla,
    "eternidad": ring_eternidad,
    "media-eternidad": ring_media_eternidad,
    "corazon": ring_corazon,
    "halo": ring_halo,
    "trilogia": ring_trilogia,
    "anillo-perla": ring_perla,
    "sello": ring_sello,
    "trenzado": ring_trenzado,
    "tu-y-yo": ring_tu_y_yo,
    "colgante-gota": neck_colgante_gota,
    "colgante-corazon": neck_colgante_corazon,
    "colgante-halo": neck_colgante_halo,
    "colgante-solitario": neck_colgante_solitario,
    "collar-perlas": neck_collar_perlas,
    "cadena-cubana": neck_cadena_cubana,
    "cadena-fina": neck_cadena_fina,
    "riviera": neck_riviera,
    "medalla-sol": neck_medalla_sol,
    "luna-estrella": neck_luna_estrella,
    "doble-capa": neck_doble_capa,
    "tenis": br_tenis,
    "esclava": br_esclava,
    "esclava-gemas": br_esclava_gemas,
    "brazalete-ancho": br_brazalete_ancho,
    "dijes": br_dijes,
    "pulsera-perlas": br_perlas,
    "eslabones": br_eslabones,
    "barbada": br_barbada,
    "corazones": br_corazones,
    "infinito": br_infinito,
    "estaciones": br_estaciones,
    "broqueles": ear_broqueles,
    "broqueles-perla": ear_broqueles_perla,
    "broqueles-corazon": ear_broqueles_corazon,
    "broqueles-estrella": ear_broqueles_estrella,
    "arracadas": ear_arracadas,
    "arracadas-grandes": ear_arracadas_grandes,
    "huggies": ear_huggies,
    "filigrana": ear_filigrana,
    "aretes-gota": ear_gota,
    "perla-colgante": ear_perla_colgante,
}
