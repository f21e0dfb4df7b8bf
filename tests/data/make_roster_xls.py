"""Regenerates tests/data/roster.xls and tests/data/roster_bad.xls, the legacy Excel
(97-2003, BIFF8) fixtures of tests/roster_import.rs: the same players and cells as
roster.xlsx, and a roster with bad fields.

Run from the repository root: python3 tests/data/make_roster_xls.py (needs xlwt).
"""
import datetime

import xlwt

DATE = xlwt.easyxf(num_format_str="yyyy-mm-dd")

wb = xlwt.Workbook(encoding="utf-8")
ws = wb.add_sheet("报名表")
for col, header in enumerate(["姓名", "性别", "出生日期", "单位", "等级分", "电话", "组别", "女子验证", "备注"]):
    ws.write(0, col, header)
# Row 2: a real date cell (date number format) and numeric rating and phone.
for col, value in enumerate(["王天一", "男", None, "杭州", 2680, 13800138000, "成人组", "否"]):
    if value is not None:
        ws.write(1, col, value)
ws.write(1, 2, datetime.date(1989, 2, 27), DATE)
# Row 3: a text date with slashes, a note, verified woman.
for col, value in enumerate(["唐丹", "女", "1991/03/06", "北京", 2500, None, "成人组", "是", "队长"]):
    if value is not None:
        ws.write(2, col, value)
# Row 4 left blank: skipped, and row numbers keep counting sheet rows.
# Row 5: a plain number in the date column, read as an Excel serial (40000 = 2009-07-06).
ws.write(4, 0, "孟繁睿")
ws.write(4, 1, "m")
ws.write(4, 2, 40000)
ws.write(4, 6, "少年组")
# A sheet after the first is ignored.
wb.add_sheet("其他").write(0, 0, "姓名")
wb.save("tests/data/roster.xls")

bad = xlwt.Workbook(encoding="utf-8")
ws = bad.add_sheet("报名表")
for col, header in enumerate(["姓名", "性别", "出生日期", "等级分"]):
    ws.write(0, col, header)
for row, values in enumerate([["王天一", "男", "1989-02-27", 2680], ["唐丹", "x", "1991-13-06", -5]], start=1):
    for col, value in enumerate(values):
        ws.write(row, col, value)
# Row 4: no name.
ws.write(3, 1, "女")
bad.save("tests/data/roster_bad.xls")

# A roster long enough (300 players) that its workbook stream lies in the compound
# file's regular sectors rather than in its mini stream.
long = xlwt.Workbook(encoding="utf-8")
ws = long.add_sheet("报名表")
for col, header in enumerate(["姓名", "单位", "等级分"]):
    ws.write(0, col, header)
for row in range(1, 301):
    ws.write(row, 0, "棋手%d" % row)
    ws.write(row, 1, "棋社%d" % (row % 7))
    ws.write(row, 2, 1200 + row)
long.save("tests/data/roster_long.xls")
