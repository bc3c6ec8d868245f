// The Quant formula sheet (ADR 0040): what a GRE candidate must know by heart, in Chinese, the
// formulas in plain text (no math typesetting in the PDF): powers as a^n, indices as x1 or a_n, since
// the CJK font has ² ³ ⁴ but no other superscript or subscript glyphs. Authored here; the sheet's
// version is a hash of this data, so an edit makes the next download generate it again.

export interface FormulaSection {
  title: string;
  rows: { name: string; formula: string; note: string }[];
}

export const formulaSheet: FormulaSection[] = [
  {
    title: '一、算术',
    rows: [
      { name: '带余除法', formula: 'a = b·q + r，0 ≤ r < b', note: '被除数 = 除数 × 商 + 余数；余数一定小于除数' },
      {
        name: '质数',
        formula: '2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37 …',
        note: '1 不是质数；2 是唯一的偶质数；负数和 0 都不是质数',
      },
      {
        name: '因数个数',
        formula: 'n = p^a · q^b ⇒ 因数个数 = (a + 1)(b + 1)',
        note: 'p、q 为不同质数。例：72 = 2³ · 3²，共 4 × 3 = 12 个正因数',
      },
      {
        name: '最大公约数与最小公倍数',
        formula: 'gcd(a, b) × lcm(a, b) = a × b',
        note: '对正整数 a、b 成立。例：gcd(12, 18) = 6，lcm(12, 18) = 36，6 × 36 = 12 × 18',
      },
      {
        name: '奇偶性',
        formula: '奇 ± 奇 = 偶，奇 ± 偶 = 奇，奇 × 奇 = 奇，偶 × 任意整数 = 偶',
        note: '0 是偶数',
      },
      {
        name: '指数法则',
        formula: 'a^m · a^n = a^(m+n)，a^m ÷ a^n = a^(m−n)，(a^m)^n = a^(mn)，(ab)^n = a^n · b^n',
        note: 'a^0 = 1（a ≠ 0）；a^(−n) = 1 / a^n',
      },
      {
        name: '根式',
        formula: '√(ab) = √a · √b，√(a / b) = √a / √b，a^(1/n) = a 的 n 次方根',
        note: 'a、b ≥ 0（相除时 b > 0）；注意 √(a + b) ≠ √a + √b',
      },
      { name: '百分比变化', formula: '变化率 = (新值 − 原值) ÷ 原值 × 100%', note: '分母是原值，不是新值' },
      {
        name: '先增后减',
        formula: '先增 p% 再减 p%：结果 = 原值 × (1 − p²/10000)',
        note: '结果总比原值小。例：先涨 20% 再跌 20%，得原值的 96%',
      },
      { name: '单利', formula: 'I = P · r · t', note: 'P 本金，r 年利率，t 年数；本息和 = P(1 + rt)' },
      {
        name: '复利',
        formula: 'A = P(1 + r/n)^(nt)',
        note: 'n 为每年计息次数，t 为年数；每年计息一次时 A = P(1 + r)^t',
      },
      { name: '比例', formula: 'a : b = c : d ⇔ ad = bc', note: '交叉相乘；b、d ≠ 0' },
      {
        name: '平均速度',
        formula: '平均速度 = 总路程 ÷ 总时间',
        note: '往返同一段路，速度分别为 u、v：平均速度 = 2uv / (u + v)，不是 (u + v) / 2',
      },
      {
        name: '合作工作',
        formula: '1/a + 1/b = 1/t ⇒ t = ab / (a + b)',
        note: '甲单独需 a 小时、乙单独需 b 小时，合作需 t 小时',
      },
    ],
  },
  {
    title: '二、代数',
    rows: [
      { name: '完全平方', formula: '(a + b)² = a² + 2ab + b²，(a − b)² = a² − 2ab + b²', note: '' },
      { name: '平方差', formula: 'a² − b² = (a + b)(a − b)', note: '例：99 × 101 = 100² − 1² = 9999' },
      {
        name: '一元二次方程求根公式',
        formula: 'ax² + bx + c = 0 ⇒ x = [−b ± √(b² − 4ac)] / (2a)',
        note: 'a ≠ 0',
      },
      {
        name: '判别式',
        formula: 'Δ = b² − 4ac',
        note: 'Δ > 0：两个不同实根；Δ = 0：一个（重）根；Δ < 0：没有实根',
      },
      {
        name: '根与系数（韦达定理）',
        formula: 'x1 + x2 = −b/a，x1 · x2 = c/a',
        note: 'x1、x2 为 ax² + bx + c = 0 的两根',
      },
      {
        name: '绝对值不等式',
        formula: '|x| < a ⇔ −a < x < a；|x| > a ⇔ x > a 或 x < −a',
        note: 'a > 0；|x − c| 表示数轴上 x 到 c 的距离',
      },
      { name: '不等式变号', formula: '两边同乘（除）负数，不等号方向改变', note: '例：−2x < 6 ⇒ x > −3' },
      { name: '斜率', formula: 'm = (y2 − y1) / (x2 − x1)', note: 'x1 ≠ x2；竖直线没有斜率，水平线斜率为 0' },
      {
        name: '直线方程',
        formula: 'y = mx + b',
        note: 'm 斜率，b 为 y 轴截距；两直线平行 ⇔ 斜率相等；垂直 ⇔ 斜率之积 = −1',
      },
      { name: '两点距离', formula: 'd = √[(x2 − x1)² + (y2 − y1)²]', note: '即勾股定理' },
      { name: '中点', formula: 'M = ((x1 + x2)/2, (y1 + y2)/2)', note: '' },
      {
        name: '抛物线顶点',
        formula: 'y = ax² + bx + c 的对称轴 x = −b / (2a)',
        note: 'a > 0 开口向上，顶点为最小值；a < 0 开口向下，顶点为最大值',
      },
      { name: '等差数列', formula: 'a_n = a_1 + (n − 1)d，S_n = n(a_1 + a_n) / 2', note: 'd 为公差' },
      { name: '等比数列', formula: 'a_n = a_1 · r^(n−1)，S_n = a_1(1 − r^n) / (1 − r)', note: 'r 为公比，r ≠ 1' },
      {
        name: '函数图像平移',
        formula: 'y = f(x − h) + k',
        note: '把 y = f(x) 的图像向右平移 h、向上平移 k（h、k 为负时方向相反）',
      },
    ],
  },
  {
    title: '三、几何',
    rows: [
      { name: '三角形内角和', formula: '180°', note: 'n 边形内角和 = (n − 2) × 180°；任意凸多边形外角和 = 360°' },
      { name: '三角形面积', formula: 'S = ½ × 底 × 高', note: '高必须与所选的底垂直' },
      { name: '三边关系', formula: '|a − b| < c < a + b', note: '任意两边之和大于第三边，之差小于第三边' },
      {
        name: '勾股定理',
        formula: 'a² + b² = c²',
        note: 'c 为斜边。常见勾股数：3-4-5，5-12-13，8-15-17，7-24-25 及其倍数',
      },
      { name: '等腰直角三角形', formula: '45°-45°-90°：边长比 1 : 1 : √2', note: '正方形对角线 = 边长 × √2' },
      { name: '30°-60°-90° 三角形', formula: '边长比 1 : √3 : 2', note: '最短边对 30°，斜边是最短边的 2 倍' },
      { name: '等边三角形', formula: 'S = (√3 / 4) · a²，高 = (√3 / 2) · a', note: 'a 为边长' },
      {
        name: '相似图形',
        formula: '边长比 k ⇒ 面积比 k²，体积比 k³',
        note: '相似三角形：对应角相等，对应边成比例',
      },
      { name: '矩形、平行四边形', formula: 'S = 长 × 宽；S = 底 × 高', note: '平行四边形的高不是斜边长' },
      { name: '梯形', formula: 'S = ½ (上底 + 下底) × 高', note: '' },
      { name: '圆', formula: '周长 C = 2πr = πd，面积 S = πr²', note: 'r 半径，d 直径' },
      {
        name: '弧长与扇形',
        formula: '弧长 = (θ / 360°) × 2πr，扇形面积 = (θ / 360°) × πr²',
        note: 'θ 为圆心角（度）',
      },
      {
        name: '圆周角',
        formula: '圆周角 = 同弧所对圆心角的一半',
        note: '直径所对的圆周角是 90°；切线垂直于过切点的半径',
      },
      {
        name: '长方体',
        formula: 'V = lwh，表面积 = 2(lw + lh + wh)',
        note: '体对角线 = √(l² + w² + h²)；正方体 V = a³，表面积 6a²',
      },
      { name: '圆柱', formula: 'V = πr²h，表面积 = 2πr² + 2πrh', note: '侧面积 = 2πrh' },
    ],
  },
  {
    title: '四、数据分析',
    rows: [
      { name: '平均数', formula: '平均数 = 总和 ÷ 个数', note: '总和 = 平均数 × 个数，常用来求缺失的数' },
      {
        name: '加权平均',
        formula: '(w1·x1 + w2·x2 + … + wn·xn) / (w1 + w2 + … + wn)',
        note: '结果一定介于最小值与最大值之间，靠近权重大的一方',
      },
      { name: '中位数', formula: '排序后位于正中的数', note: '数据个数为偶数时，取中间两个数的平均值' },
      { name: '众数与极差', formula: '众数：出现次数最多的数；极差 = 最大值 − 最小值', note: '众数可以不止一个' },
      {
        name: '标准差',
        formula: 'σ = √[ Σ(x_i − μ)² / n ]',
        note: '衡量离散程度。每个数都加 c：σ 不变；每个数都乘 k：σ 变为 |k|σ',
      },
      {
        name: '四分位距',
        formula: 'IQR = Q3 − Q1',
        note: 'Q1、Q3 为第一、第三四分位数；箱线图的箱子长度即 IQR',
      },
      {
        name: '正态分布',
        formula: 'μ ± σ 约 68%，μ ± 2σ 约 95%，μ ± 3σ 约 99.7%',
        note: '关于平均数对称；平均数 = 中位数 = 众数',
      },
      { name: '乘法原理', formula: '分步完成：总方法数 = m1 × m2 × … × mk', note: '分类完成时用加法' },
      { name: '排列', formula: 'P(n, k) = n! / (n − k)!', note: '从 n 个中选 k 个并排序（顺序有关）；0! = 1' },
      {
        name: '组合',
        formula: 'C(n, k) = n! / [k! (n − k)!]',
        note: '从 n 个中选 k 个（顺序无关）；C(n, k) = C(n, n − k)',
      },
      {
        name: '古典概率',
        formula: 'P(A) = 有利结果数 ÷ 全部等可能结果数',
        note: '0 ≤ P(A) ≤ 1；P(非 A) = 1 − P(A)',
      },
      { name: '概率加法', formula: 'P(A 或 B) = P(A) + P(B) − P(A 且 B)', note: 'A、B 互斥时 P(A 且 B) = 0' },
      {
        name: '独立事件',
        formula: 'P(A 且 B) = P(A) × P(B)',
        note: '“至少一次”常用 1 − P(一次都没有) 计算',
      },
      { name: '集合容斥', formula: '|A ∪ B| = |A| + |B| − |A ∩ B|', note: '两组都不属于的 = 总数 − |A ∪ B|' },
    ],
  },
  {
    title: '五、常用数值',
    rows: [
      { name: '根号', formula: '√2 ≈ 1.414，√3 ≈ 1.732，√5 ≈ 2.236', note: 'π ≈ 3.1416' },
      { name: '2 的幂', formula: '2^5 = 32，2^8 = 256，2^10 = 1024', note: '3^4 = 81，3^5 = 243' },
      {
        name: '平方数',
        formula: '11² = 121，12² = 144，13² = 169，14² = 196，15² = 225',
        note: '16² = 256，25² = 625',
      },
      {
        name: '分数与百分数',
        formula: '1/8 = 12.5%，1/6 ≈ 16.7%，1/3 ≈ 33.3%，3/8 = 37.5%',
        note: '2/3 ≈ 66.7%，5/8 = 62.5%，7/8 = 87.5%',
      },
    ],
  },
];
